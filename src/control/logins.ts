// Control: how a client logs in. clouds.yaml and the OS_* variables for any user of the seed world or any
// tenant (admin by default), pointing at the address the caller used; and every login at once.

import type { Hono } from "hono";
import { ApiError } from "../kernel/errors.js";
import { baseUrl, type AppEnv, type Ctx } from "../kernel/http/context.js";
import type { World } from "../world-state.js";
import { cloudsYaml, osEnvironment, type CloudCredentials } from "../clouds.js";
import { handle } from "./http.js";

export function loginRoutes(app: Hono<AppEnv>, world: World): void {
  const credentialsOf = (c: Ctx): CloudCredentials => {
    const user = c.req.query("user") || "admin";
    const credentials = world.logins.credentials(user);
    if (!credentials) {
      const known = world.logins.users();
      throw new ApiError(404, undefined, `No user ${JSON.stringify(user)} to log in as. Known users: ${known.join(", ") || "none"}.`);
    }
    return credentials;
  };

  app.get(
    "/clouds.yaml",
    handle((c) => c.body(cloudsYaml(baseUrl(c), credentialsOf(c), c.req.query("cloud") || undefined), 200, { "content-type": "text/yaml; charset=utf-8" })),
  );
  app.get(
    "/os-environment",
    handle((c) => c.json(osEnvironment(baseUrl(c), credentialsOf(c)))),
  );
  app.get("/logins", (c) => c.json({ logins: world.logins.all() }));
}
