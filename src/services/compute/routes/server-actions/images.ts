// Actions that make an image of a server: createImage and createBackup (rotation); from 2.45 the image id
// comes in the body and there is no Location.

import { validate } from "../../../../kernel/http/body.js";
import { baseUrl } from "../../../../kernel/http/context.js";
import { createImage } from "../../operations/server-snapshot.js";
import { createBackup } from "../../operations/server-backup.js";
import { createImageBody } from "../../schemas/server-actions.js";
import { createBackupBody } from "../../schemas/server-actions-extra.js";
import { accepted, type ActionFamily } from "./action.js";

export const imageActions: ActionFamily = {
  schemas: [createImageBody, createBackupBody],
  handlers: (_deps, act) => ({
    createImage: (c, body, v) => {
      const { createImage: b } = validate(createImageBody, body);
      const image = act(c, "createImage", (s, ctx, server) => createImage(s, ctx, server, { name: b.name, metadata: b.metadata ?? {}, checkMetadataQuota: v < 39 }));
      if (v >= 45) return c.json({ image_id: image.id }, 202);
      c.header("Location", `${baseUrl(c)}/image/v2/images/${image.id}`);
      return accepted(c);
    },
    createBackup: (c, body, v) => {
      const { createBackup: b } = validate(createBackupBody, body);
      const image = act(c, "createBackup", (s, ctx, server) =>
        createBackup(s, ctx, server, { name: b.name, backupType: b.backup_type, rotation: b.rotation, metadata: b.metadata ?? {}, checkMetadataQuota: v < 39 }),
      );
      if (v >= 45) return c.json({ image_id: image.id }, 202);
      if (b.rotation > 0) c.header("Location", `${baseUrl(c)}/image/v2/images/${image.id}`);
      return accepted(c);
    },
  }),
};
