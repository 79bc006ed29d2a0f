// rebuild, changePassword, trigger_crash_dump (nova/compute/api.py rebuild, set_admin_password,
// trigger_crash_dump; servers.py _action_rebuild): the checks Nova makes before casting to the host, the
// record changes made at once (image, name, metadata, key, user data), and one step back to rest.

import { keepHostname } from "./servers.js";
import { systemCaller, type OperationContext } from "../../../kernel/operation.js";
import { findVolume, reimageRootVolume } from "../../block-storage/for-compute.js";
import { ROOT_DEVICE } from "./volume-attachments.js";
import { findImage } from "../../image/for-compute.js";
import type { ComputeState, Server } from "../state.js";
import { badRequest, forbidden } from "../errors.js";
import type { ServerStepApplier, ServerStepDef } from "../lifecycle.js";
import { computeQuotas } from "./quotas.js";
import { findKeypair } from "./keypairs.js";
import { assertUnlocked, begin, checkAction, checkHost, checkState, onItsHost, settle } from "./server-action-rules.js";
import { ApiError } from "../../../kernel/errors.js";
import { rareOf, setRare } from "../server-rare.js";

export interface RebuildInput {
  imageRef: string;
  name?: string;
  adminPass?: string;
  metadata?: Record<string, string>;
  description?: string | null;
  /** undefined: keep; null: remove (2.54) */
  keyName?: string | null;
  /** undefined: keep; null: remove (2.57) */
  userData?: string | null;
  accessIPv4?: string;
  accessIPv6?: string;
  diskConfig?: "AUTO" | "MANUAL";
  /** 2.90 */
  hostname?: string;
  /** the negotiated microversion: a volume-backed server is rebuilt (its root volume reimaged) from 2.93 */
  version: number;
}

const GiB = 1024 ** 3;
const PASSWORD_CHARS = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Nova's generate_password (CONF.api.enable_instance_password is on by default). */
export function newPassword(ctx: OperationContext): string {
  let out = "";
  for (let i = 0; i < 12; i++) out += PASSWORD_CHARS[Math.floor(ctx.ids.random() * PASSWORD_CHARS.length)];
  return out;
}

/** Returns the admin password the rebuilt server gets. */
export function rebuild(s: ComputeState, ctx: OperationContext, server: Server, input: RebuildInput): string {
  checkAction(server, ctx.caller, "rebuild", { vm: ["active", "stopped", "error"] });
  const image = findImage(ctx.root, input.imageRef, ctx.caller);
  if (!image) throw badRequest("Cannot find image for rebuild");
  if (server.imageId === null && input.version < 93) {
    throw badRequest(`Image ${image.id} is unacceptable: Unable to rebuild with a different image for a volume-backed server.`);
  }
  if (image.status !== "active") throw badRequest(`Image ${image.id} is not active.`);
  const flavor = server.flavor;
  if (image.minRam > flavor.ram) throw badRequest("Flavor's memory is too small for requested image.");
  // a volume-backed server's disk is its root volume, checked below, not the flavor's
  const flavorDisk = server.imageId === null ? 0 : flavor.disk;
  if (flavorDisk > 0 && image.minDisk > flavor.disk) {
    throw badRequest(`Flavor's disk is smaller than the minimum size specified in image metadata. Flavor disk is ${flavor.disk * GiB} bytes, minimum size is ${image.minDisk * GiB} bytes.`);
  }
  if (flavorDisk > 0 && (image.size ?? 0) > flavor.disk * GiB) {
    throw badRequest(`Flavor's disk is too small for requested image. Flavor disk is ${flavor.disk * GiB} bytes, image is ${image.size} bytes.`);
  }
  if (input.metadata !== undefined) {
    try {
      computeQuotas.check(s, server.projectId, "metadata_items", Object.keys(input.metadata).length, 0);
    } catch (error) {
      // rebuild answers OverQuota with 403, not the 413 of create
      if (error instanceof ApiError && error.status === 413) throw forbidden(error.message);
      throw error;
    }
  }
  if (typeof input.keyName === "string" && !findKeypair(s, ctx.caller.userId || server.userId, input.keyName)) {
    throw badRequest(`Invalid key_name provided.`);
  }
  // a volume-backed server keeps no image of its own (Nova leaves image_ref empty): its root volume is
  // reimaged (Cinder's os-reimage; the volume stays in-use here, where Nova has it reserved, then downloading)
  if (server.imageId === null) reimageRoot(ctx, server, image.id, image.minDisk);
  else server.imageId = image.id;
  if (input.name !== undefined) {
    keepHostname(server);
    server.name = input.name;
  }
  if (input.hostname !== undefined) server.hostname = input.hostname;
  if (input.metadata !== undefined) server.metadata = { ...input.metadata };
  if (input.description !== undefined) setRare(server, "description", input.description);
  if (input.keyName !== undefined) server.keyName = input.keyName;
  if (input.userData !== undefined) setRare(server, "userData", input.userData);
  if (input.accessIPv4 !== undefined) setRare(server, "accessIPv4", input.accessIPv4);
  if (input.accessIPv6 !== undefined) setRare(server, "accessIPv6", input.accessIPv6);
  if (input.diskConfig !== undefined) setRare(server, "diskConfig", input.diskConfig);
  // a stopped server is rebuilt and stays stopped; an errored one comes back active
  setRare(server, "resumeState", server.vmState === "stopped" ? "stopped" : "active");
  setRare(server, "fault", null);
  begin(ctx, server, "rebuilding", "rebuilding");
  ctx.tx.emit("compute.server.updated", { id: server.id, projectId: server.projectId, name: server.name });
  return input.adminPass ?? newPassword(ctx);
}

/** Nova's volume-backed rebuild (2.93): the root volume must hold the image's min_disk; then it is reimaged. */
function reimageRoot(ctx: OperationContext, server: Server, imageId: string, minDisk: number): void {
  const root = server.volumesAttached.find((a) => a.device === ROOT_DEVICE);
  const volume = root && findVolume(ctx.root, systemCaller(server.projectId), root.id);
  if (!volume) return;
  if (minDisk > volume.size) {
    throw badRequest(`Volume is smaller than the minimum size specified in image metadata. Volume size is ${volume.size * GiB} bytes, minimum size is ${minDisk * GiB} bytes.`);
  }
  reimageRootVolume(ctx, volume.id, imageId);
}

/** changePassword: a running server's password is set by its guest agent (task updating_password). */
export function changePassword(ctx: OperationContext, server: Server): void {
  checkAction(server, ctx.caller, "changePassword", { vm: ["active"] });
  begin(ctx, server, "updating_password", "updating_password");
}

/** trigger_crash_dump (2.17): an NMI to the guest; the server's state does not move. */
export function triggerCrashDump(ctx: OperationContext, server: Server): void {
  assertUnlocked(server, ctx.caller);
  checkHost(server);
  checkState(server, "trigger_crash_dump", { vm: ["active", "paused", "rescued", "resized", "error"] });
}

export const REBUILD_STEPS: ServerStepDef[] = [
  { from: "rebuilding", to: "rebuilt_in_place", after: (o) => o.actionMs },
  { from: "updating_password", to: "password_set", after: (o) => o.actionMs },
];

export const REBUILD_STEP_APPLIERS: Record<string, ServerStepApplier> = {
  "rebuilding>rebuilt_in_place": onItsHost((_s, ctx, server) => {
    const back = rareOf(server).resumeState ?? "active";
    setRare(server, "resumeState", null);
    server.launchedAt = ctx.now;
    settle(ctx, server, back);
  }),
  "updating_password>password_set": onItsHost((_s, ctx, server) => settle(ctx, server, "active")),
};
