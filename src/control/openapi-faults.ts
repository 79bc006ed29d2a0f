// The control API's paths for faults and the journals.

import { bad, body, done, fail, journalQuery, list, ok, op, pathId, query, ref, schemaOf, str, type Json } from "./openapi-parts.js";
import { faultRuleSchema } from "../kernel/faults.js";

export const faultPaths = (): Record<string, Json> => ({
  "/_emulator/faults": {
    get: op("faults", "Live fault rules, in match order", { "200": ok("Rules.", list("faults", "FaultRule")) }),
    post: op("faults", "Add a fault rule", { "201": ok("The rule.", ref("FaultRule")), ...bad }, {
      description:
        "Rules match in the order they were added on every field they give: service, method, path glob (below the mount or in full; `*` one segment, `**` any depth), operation (glob), project (id or name) and resourceName (glob on a create or update body's `name`). The first rule that matches and wins its `probability` draw (a generator seeded by the emulator's random seed) fires. A rule with `times` is dropped after that many fires; one with `expiresAt` (virtual time) after it. A `service` must be a service this emulator runs, and an `operation` one of its operations (by name, or a glob matching at least one): GET /_emulator/faults/operations lists them, and a 400 names the closest. An action has its own operation below its route's (`compute.server.action.os-stop`; the route's `compute.server.action` names every action), as has each S3 call (`s3.PutObject`, `s3.UploadPart`, `s3.CopyObject` below `s3.object.write`); work no request carries is reached by its operation alone (`compute.server.build`, the steps a compute host carries out such as `compute.server.reboot` or `compute.server.evacuate`, `block-storage.volume.creating`, `image.image.store`, `instance-ha.task.EvacuateHost`, `instance-ha.driver.nova_notification`). `method` an HTTP method.",
      requestBody: body(schemaOf(faultRuleSchema)),
    }),
    delete: op("faults", "Remove every rule (configured ones come back on reset)", done),
  },
  "/_emulator/faults/operations": {
    get: op("faults", "The operations a fault rule may name, by service", {
      "200": ok("Each service's operations: its routes', each route's actions or calls below it, and its steps no request carries (lifecycle steps, recovery tasks and drivers).", list("services", "ServiceOperations")),
    }),
  },
  "/_emulator/faults/{id}": {
    delete: op("faults", "Remove one rule", { ...done, "404": fail("No such rule.") }, { parameters: [pathId("Rule id (`fault-N`).")] }),
  },
  "/_emulator/faults/fired": {
    get: op("faults", "Journal of faults that fired", { "200": ok("Oldest first.", list("fired", "FiredFault")), ...bad }, { parameters: journalQuery }),
    delete: op("faults", "Empty the fired-fault journal", done),
  },
  "/_emulator/events": {
    get: op("journals", "Domain events, published after each commit", { "200": ok("Oldest first.", list("events", "DomainEvent")), ...bad }, {
      parameters: [query("type", "An event type, or a glob where `*` matches anything (e.g. `identity.*`, `compute.*.error`)."), ...journalQuery],
    }),
    delete: op("journals", "Empty the events journal", done),
  },
  "/_emulator/requests": {
    get: op("journals", "Requests the services answered (control calls are not journaled)", { "200": ok("Oldest first.", list("requests", "RequestRecord")), ...bad }, {
      parameters: [query("service", "Only this service's requests."), ...journalQuery],
    }),
    delete: op("journals", "Empty the requests journal", done),
  },
});
