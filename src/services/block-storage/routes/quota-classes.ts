// Quota classes (cinder/api/contrib/quota_classes.py, admin only): a class's limits, each its own or the
// default's; an update keeps the limits given for known keys (others are ignored, as Cinder does) and answers
// the class without its id. The `default` class's limits are every project's defaults.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { invalidInput } from "../errors.js";
import { classLimit, quotaKeys, updateQuotaClass } from "../operations/quotas.js";
import { updateQuotaClassBody } from "../schemas/quotas.js";
import type { BlockStorageDeps } from "./deps.js";

export function quotaClassRoutes(deps: BlockStorageDeps): RouteDef[] {
  const name = (c: Ctx) => c.req.param("class")!;
  const limits = (quotaClass: string) => {
    const s = deps.state();
    return Object.fromEntries(quotaKeys(s).map((k) => [k, classLimit(s, quotaClass, k)]));
  };
  return [
    {
      method: "GET",
      path: "/os-quota-class-sets/:class",
      operation: "block-storage.quota_class.show",
      policy: "admin",
      handler: (c) => c.json({ quota_class_set: { id: name(c), ...limits(name(c)) } }),
    },
    route({
      method: "PUT",
      path: "/os-quota-class-sets/:class",
      operation: "block-storage.quota_class.update",
      policy: "admin",
      schema: updateQuotaClassBody,
      handler: (c, { quota_class_set }) => {
        deps.write(c, (s) => {
          const known = new Set(quotaKeys(s));
          const changes: Record<string, number> = {};
          for (const [key, value] of Object.entries(quota_class_set)) {
            if (!known.has(key)) continue;
            if (typeof value !== "number") throw invalidInput(`Quota limit for ${key} must be an integer.`);
            Object.defineProperty(changes, key, { value, enumerable: true, writable: true, configurable: true });
          }
          updateQuotaClass(s, name(c), changes);
        });
        return c.json({ quota_class_set: limits(name(c)) });
      },
    }),
  ];
}
