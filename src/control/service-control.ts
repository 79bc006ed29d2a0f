// The services' own control operations (ServiceModule.control): each route mounted under /_emulator/<service>
// with the control API's handling (its error shape, a body read within the limit and validated by the
// route's schema, `{}` when empty), and documented in /_emulator/openapi.json from the same declarations.

import type { Hono } from "hono";
import type { Kernel } from "../kernel/kernel.js";
import type { AppEnv } from "../kernel/http/context.js";
import type { ControlRoute, ServiceControl } from "../kernel/control-route.js";
import { validate } from "../kernel/http/body.js";
import { handle, optionalJson } from "./http.js";
import { body as requestBody, fail, ok, op, schemaOf, str, type Json } from "./openapi-parts.js";

export function mountServiceControl(app: Hono<AppEnv>, kernel: Kernel, service: string, control: ServiceControl): void {
  for (const route of control.routes) {
    const path = `/${service}${route.path}`;
    app.on(
      route.method,
      path,
      handle(async (c) => {
        if (!route.body) return route.handler(c, undefined);
        const raw = await optionalJson(c, kernel.options.maxBodyBytes);
        return route.handler(c, validate(route.body, route.prepareBody ? route.prepareBody(raw) : raw));
      }),
    );
  }
}

/** The OpenAPI paths (`/_emulator/<service>/...`) and component schemas of a service's control operations. */
export function serviceControlDocument(service: string, control: ServiceControl): { paths: Record<string, Json>; schemas: Record<string, Json> } {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of control.routes) {
    const path = `/_emulator/${service}${route.path.replace(/:([^/]+)/g, "{$1}")}`;
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(service, route);
  }
  return { paths, schemas: control.schemas?.() ?? {} };
}

function operation(service: string, route: ControlRoute): Json {
  const responses = Object.fromEntries(
    Object.entries(route.responses).map(([status, answer]) => {
      if (typeof answer !== "string") return [status, ok(answer.description, answer.schema)];
      return [status, Number(status) >= 400 ? fail(answer) : ok(answer)];
    }),
  );
  const parameters = Object.entries(route.params ?? {}).map(([name, description]) => ({ name, in: "path", required: true, description, schema: str }));
  const extra: Json = {};
  if (route.description) extra.description = route.description;
  if (parameters.length) extra.parameters = parameters;
  // a body the schema accepts empty need not be sent (the control API reads an empty body as {})
  if (route.body) extra.requestBody = requestBody(schemaOf(route.body), !route.body.safeParse({}).success);
  return op(service, route.summary, responses, extra);
}
