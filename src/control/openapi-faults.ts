// The control API's paths for faults and the journals.

import { bad, body, done, fail, int, journalQuery, list, ok, op, pathId, query, ref, schemaOf, str, type Json } from "./openapi-parts.js";
import { faultRuleSchema } from "../kernel/faults.js";

const eventQuery = [
  query("type", "An event type, or a glob where `*` matches anything (e.g. `identity.*`, `compute.*.error`)."),
  query("service", "Only this service's events (the type's first part)."),
  query("project", "Only events whose payload's projectId is this project id."),
];
const requestQuery = [
  query("service", "Only this service's requests."),
  query("project", "Only requests of this project id."),
  query("method", "Only this HTTP method."),
  query("status", "A status code (`404`) or a class (`5xx`)."),
];
const tailQuery = [
  query("after", "First the entries whose `seq` is greater (a reconnecting EventSource's Last-Event-ID header does the same).", int),
  query("limit", "Without `after`: first the newest this many entries (default 100).", int),
];
const tailDescription =
  "`text/event-stream`: first the entries already journaled (see `after` and `limit`), then each new one as it is added, for as long as the client keeps the connection. Each message has the entry's `seq` as its id and the entry as JSON data; a comment line every 15 s keeps it open through proxies.";
/** A server-sent event stream of messages named `name`, each carrying one `item` as JSON. OpenAPI 3.1
 * has no schema for a stream's items (3.2's `itemSchema`): the description names the item's schema. */
const stream = (name: string, item: string): Json => ({
  description: `A stream of server-sent events, each \`event: ${name}\`, \`id: <seq>\`, \`data: <one ${item} as JSON>\`, where ${item} is the schema #/components/schemas/${item}.`,
  content: { "text/event-stream": { schema: { ...str, description: `Server-sent events whose data lines are ${item} objects (#/components/schemas/${item}).` } } },
});

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
      parameters: [...eventQuery, ...journalQuery],
    }),
    delete: op("journals", "Empty the events journal", done),
  },
  "/_emulator/events/stream": {
    get: op("journals", "Live tail of the events journal (server-sent events)", { "200": stream("event", "DomainEvent"), ...bad }, {
      description: tailDescription,
      parameters: [...eventQuery, ...tailQuery],
    }),
  },
  "/_emulator/requests": {
    get: op("journals", "Requests the services answered (control calls are not journaled)", { "200": ok("Oldest first.", list("requests", "RequestRecord")), ...bad }, {
      parameters: [...requestQuery, ...journalQuery],
    }),
    delete: op("journals", "Empty the requests journal", done),
  },
  "/_emulator/requests/stream": {
    get: op("journals", "Live tail of the requests journal (server-sent events)", { "200": stream("request", "RequestRecord"), ...bad }, {
      description: tailDescription,
      parameters: [...requestQuery, ...tailQuery],
    }),
  },
});
