// Actions that move a server: resize (confirmResize, revertResize), migrate (host from 2.56),
// os-migrateLive (2.25 block_migration 'auto' and no disk_over_commit; force 2.30-2.67), evacuate.

import { validate } from "../../../../kernel/http/body.js";
import { badRequest } from "../../errors.js";
import { confirmResize, resize, revertResize } from "../../operations/server-resize.js";
import { liveMigrate, migrate } from "../../operations/server-migrate.js";
import { evacuate } from "../../operations/server-evacuate.js";
import { evacuateBody, resizeBody } from "../../schemas/server-actions.js";
import { liveMigrateBody, migrateBody, nullAction } from "../../schemas/server-actions-extra.js";
import { accepted, onlyIn, type ActionFamily } from "./action.js";

export const resizeMigrateActions: ActionFamily = {
  schemas: [resizeBody, nullAction("confirmResize"), nullAction("revertResize"), migrateBody, liveMigrateBody, evacuateBody],
  handlers: (_deps, act) => ({
    resize: (c, body) => {
      const { resize: r } = validate(resizeBody, body);
      act(c, "resize", (s, ctx, server) => resize(s, ctx, server, r.flavorRef, r["OS-DCF:diskConfig"]));
      return accepted(c);
    },
    confirmResize: (c) => {
      act(c, "confirmResize", (s, ctx, server) => confirmResize(s, ctx, server));
      return c.body(null, 204);
    },
    revertResize: (c) => {
      act(c, "revertResize", (_s, ctx, server) => revertResize(ctx, server));
      return accepted(c);
    },
    migrate: (c, body, v) => {
      const { migrate: m } = validate(migrateBody, body);
      onlyIn(v, 56, Infinity, "migrate", "host", m?.host);
      act(c, "migrate", (s, ctx, server) => migrate(s, ctx, server, m?.host));
      return accepted(c);
    },
    "os-migrateLive": (c, body, v) => {
      const { "os-migrateLive": m } = validate(liveMigrateBody, body);
      if (v < 25) {
        if (m.block_migration === "auto") throw badRequest("Invalid input for field/attribute block_migration. Value: auto. 'auto' is not of type 'boolean'");
        if (m.disk_over_commit === undefined) throw badRequest("Invalid input for field/attribute os-migrateLive. Value: disk_over_commit. 'disk_over_commit' is a required property");
      } else {
        onlyIn(v, 1, 24, "os-migrateLive", "disk_over_commit", m.disk_over_commit);
      }
      onlyIn(v, 30, 67, "os-migrateLive", "force", m.force);
      if (m.force === true && !m.host) throw badRequest("Can't force to a non-provided destination");
      act(c, "live-migration", (s, ctx, server) => liveMigrate(s, ctx, server, { host: m.host, version: v }));
      return accepted(c);
    },
    evacuate: (c, body, v) => {
      const { evacuate: e } = validate(evacuateBody, body);
      onlyIn(v, 1, 13, "evacuate", "onSharedStorage", e.onSharedStorage);
      onlyIn(v, 29, 67, "evacuate", "force", e.force);
      // from 2.95 the evacuated server is stopped on its destination
      const input = { host: e.host, adminPass: e.adminPass, onSharedStorage: e.onSharedStorage, stopAtDestination: v >= 95 };
      const adminPass = act(c, "evacuate", (s, ctx, server) => evacuate(s, ctx, server, input));
      // the password is returned only before 2.14
      return v < 14 ? c.json({ adminPass }) : c.body(null, 200);
    },
  }),
};
