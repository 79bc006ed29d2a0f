// Request bodies of POST /volumes/{id}/action (cinder/api/schemas/volume_actions.py, admin_actions.py):
// one schema per action key, each validating the whole body so errors name `os-extend.new_size`.

import * as z from "zod";
import { ownRecord } from "../../../kernel/own.js";
import { cinderBool, cinderInt, cinderUuid } from "./parameter-types.js";

const none = z.union([z.null(), z.strictObject({})]);

export const extendBody = z.strictObject({ "os-extend": z.object({ new_size: cinderInt(1) }) });
export const retypeBody = z.strictObject({
  "os-retype": z.object({
    new_type: z.string().min(1).max(255),
    migration_policy: z.enum(["never", "on-demand"]).nullable().optional(),
  }),
});
export const reserveBody = z.strictObject({ "os-reserve": none });
export const unreserveBody = z.strictObject({ "os-unreserve": none });
export const beginDetachingBody = z.strictObject({ "os-begin_detaching": none });
export const rollDetachingBody = z.strictObject({ "os-roll_detaching": none });
export const attachBody = z.strictObject({
  "os-attach": z.object({
    instance_uuid: z.string().min(1).max(255).nullable().optional(),
    host_name: z.string().min(1).max(255).nullable().optional(),
    mountpoint: z.string().min(1).max(255),
    mode: z.enum(["rw", "ro"]).optional(),
  }),
});
export const detachBody = z.strictObject({
  "os-detach": z.union([z.null(), z.object({ attachment_id: z.string().min(1).max(255).nullable().optional() })]),
});
const connector = z.record(z.string(), z.unknown());
export const initializeConnectionBody = z.strictObject({ "os-initialize_connection": z.object({ connector }) });
export const terminateConnectionBody = z.strictObject({ "os-terminate_connection": z.object({ connector: connector.nullable() }) });
export const setBootableBody = z.strictObject({ "os-set_bootable": z.object({ bootable: cinderBool }) });
export const updateReadonlyBody = z.strictObject({ "os-update_readonly_flag": z.object({ readonly: cinderBool }) });
export const resetStatusBody = z.strictObject({
  "os-reset_status": z.object({
    status: z.string().min(1).max(255).optional(),
    attach_status: z.enum(["attached", "detached"]).optional(),
    migration_status: z.string().min(1).max(255).optional(),
  }),
});
export const forceDetachBody = z.strictObject({
  "os-force_detach": z.union([z.null(), z.object({ attachment_id: z.string().min(1).max(255).nullable().optional(), connector: z.record(z.string(), z.unknown()).nullable().optional() })]),
});
// Cinder's force_delete reads no body: `{"os-force_delete": ""}` (as some clients send) is a force delete too
export const forceDeleteBody = z.strictObject({ "os-force_delete": z.unknown() });

// cinder/api/schemas/volume_image_metadata.py (parameter_types.image_metadata's key pattern)
export const setImageMetadataBody = z.strictObject({
  "os-set_image_metadata": z.strictObject({ metadata: ownRecord(z.string().regex(/^[a-zA-Z0-9-_:. /]{1,255}$/), z.string().max(65535)) }),
});
export const unsetImageMetadataBody = z.strictObject({ "os-unset_image_metadata": z.strictObject({ key: z.string().min(1).max(255) }) });
// any value, as Cinder's schema (`{}`) takes
export const showImageMetadataBody = z.strictObject({ "os-show_image_metadata": z.unknown() });

export const uploadImageBody = z.strictObject({
  "os-volume_upload_image": z.object({
    image_name: z.string().min(1).max(255),
    force: cinderBool.optional(),
    disk_format: z.enum(["raw", "vmdk", "vdi", "qcow2", "vhd", "vhdx", "ploop"]).optional(),
    container_format: z.enum(["bare", "ovf", "ova", "docker", "compressed"]).optional(),
    visibility: z.enum(["public", "private", "shared", "community"]).optional(),
    protected: cinderBool.optional(),
  }),
});

// cinder/api/schemas/volume_actions.py reimage (3.68)
export const reimageBody = z.strictObject({
  "os-reimage": z.strictObject({ image_id: cinderUuid, reimage_reserved: cinderBool.optional() }),
});

/** Every action's body, for the route table (the fuzzer generates from it); the handler dispatches on the key. */
export const volumeActionBody = z.union([
  extendBody,
  reimageBody,
  retypeBody,
  reserveBody,
  unreserveBody,
  beginDetachingBody,
  rollDetachingBody,
  attachBody,
  detachBody,
  initializeConnectionBody,
  terminateConnectionBody,
  setBootableBody,
  updateReadonlyBody,
  resetStatusBody,
  forceDeleteBody,
  forceDetachBody,
  uploadImageBody,
  setImageMetadataBody,
  unsetImageMetadataBody,
  showImageMetadataBody,
]);
