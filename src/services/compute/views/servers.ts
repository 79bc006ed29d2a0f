// Server -> Nova wire JSON for the negotiated microversion (nova/api/openstack/compute/views/servers.py):
// exactly the 2.1 keys tempest allows, admin-only extended attributes, and each
// later field from the version that adds it. Cheap per server: a list detail renders 1,000 at a time.

import { createHash } from "node:crypto";
import { isoMicroNoZone, isoSeconds } from "../../../kernel/time.js";
import type { ComputeState, Server } from "../state.js";
import { serverHostname } from "../hostname.js";
import { hostState } from "../operations/hosts.js";
import { apiStatus, FAULT_STATUSES, PROGRESS_STATUSES } from "../status.js";
import { addressContext, addressesView, type AddressContext } from "./server-addresses.js";
import { rareOf } from "../server-rare.js";

export interface ServerViewContext extends AddressContext {
  s: ComputeState;
  /** scheme://host the client used */
  base: string;
  /** the negotiated microversion's minor number */
  version: number;
  isAdmin: boolean;
}

export function serverViewContext(s: ComputeState, root: Readonly<Record<string, unknown>>, base: string, version: number, isAdmin: boolean): ServerViewContext {
  return { ...addressContext(root), s, base, version, isAdmin };
}

export interface ServerViewOptions {
  /** 2.71 server_groups: GET one, PUT and rebuild only, never in /detail */
  serverGroups?: boolean;
  /** false: PUT's answer before 2.75, without the extension attributes */
  full?: boolean;
}

const hostIds = new Map<string, string>();

/** sha224(project_id + host), the same for every server of a project on a host; "" without a host. */
export function hostIdOf(projectId: string, host: string | null): string {
  if (!host) return "";
  const key = `${projectId}${host}`;
  let id = hostIds.get(key);
  if (id === undefined) {
    id = createHash("sha224").update(key).digest("hex");
    if (hostIds.size > 10_000) hostIds.clear();
    hostIds.set(key, id);
  }
  return id;
}

export function serverLinks(base: string, id: string) {
  return [
    { rel: "self", href: `${base}/compute/v2.1/servers/${id}` },
    { rel: "bookmark", href: `${base}/compute/servers/${id}` },
  ];
}

/** `GET /servers`: id, name and links only. */
export function serverSummary(base: string, server: Server) {
  return { id: server.id, name: server.name, links: serverLinks(base, server.id) };
}

function flavorView(ctx: ServerViewContext, server: Server) {
  if (ctx.version >= 47) {
    const f = server.flavor;
    return { vcpus: f.vcpus, ram: f.ram, disk: f.disk, ephemeral: f.ephemeral, swap: f.swap, original_name: f.original_name, extra_specs: { ...f.extra_specs } };
  }
  return { id: server.flavorId, links: [{ rel: "bookmark", href: `${ctx.base}/compute/flavors/${server.flavorId}` }] };
}

function imageView(ctx: ServerViewContext, server: Server) {
  if (server.imageId === null) return "";
  return { id: server.imageId, links: [{ rel: "bookmark", href: `${ctx.base}/compute/images/${server.imageId}` }] };
}

export function serverView(ctx: ServerViewContext, server: Server, options: ServerViewOptions = {}): Record<string, unknown> {
  const full = options.full ?? true;
  const v = ctx.version;
  const status = apiStatus(server);
  const rare = rareOf(server);
  const view: Record<string, unknown> = {
    id: server.id,
    name: server.name,
    status,
    tenant_id: server.projectId,
    user_id: server.userId,
    metadata: { ...server.metadata },
    hostId: hostIdOf(server.projectId, server.host),
    image: imageView(ctx, server),
    flavor: flavorView(ctx, server),
    created: isoSeconds(server.createdAt),
    updated: isoSeconds(server.updatedAt),
    addresses: addressesView(ctx, server, full),
    accessIPv4: rare.accessIPv4,
    accessIPv6: rare.accessIPv6,
    links: serverLinks(ctx.base, server.id),
    "OS-DCF:diskConfig": rare.diskConfig,
  };
  if (PROGRESS_STATUSES.has(status)) view.progress = 0;
  if (rare.fault && FAULT_STATUSES.has(status)) {
    const fault: Record<string, unknown> = { code: rare.fault.code, created: isoSeconds(rare.fault.created), message: rare.fault.message };
    // Nova shows a fault's details to admins, and to others unless it is a 500
    if (rare.fault.details !== undefined && (ctx.isAdmin || rare.fault.code !== 500)) fault.details = rare.fault.details;
    view.fault = fault;
  }
  if (full) {
    view.key_name = server.keyName;
    view.config_drive = rare.configDrive;
    // Nova leaves the key out when the server's ports have no group (none left, or no port)
    if (server.portIds.length > 0 && server.securityGroups.length > 0) view.security_groups = server.securityGroups.map((name) => ({ name }));
    view["OS-EXT-AZ:availability_zone"] = server.availabilityZone;
    view["OS-EXT-STS:vm_state"] = server.vmState;
    view["OS-EXT-STS:task_state"] = server.taskState;
    view["OS-EXT-STS:power_state"] = server.powerState;
    view["OS-SRV-USG:launched_at"] = server.launchedAt === null ? null : isoMicroNoZone(server.launchedAt);
    view["OS-SRV-USG:terminated_at"] = rare.terminatedAt === null ? null : isoMicroNoZone(rare.terminatedAt);
    view["os-extended-volumes:volumes_attached"] = server.volumesAttached.map((a) => (v >= 3 ? { id: a.id, delete_on_termination: a.deleteOnTermination } : { id: a.id }));
    if (ctx.isAdmin) {
      view["OS-EXT-SRV-ATTR:host"] = server.host;
      view["OS-EXT-SRV-ATTR:hypervisor_hostname"] = server.host;
      view["OS-EXT-SRV-ATTR:instance_name"] = `instance-${server.instanceNumber.toString(16).padStart(8, "0")}`;
      if (v >= 3) {
        view["OS-EXT-SRV-ATTR:hostname"] = serverHostname(server);
        view["OS-EXT-SRV-ATTR:reservation_id"] = server.reservationId;
        view["OS-EXT-SRV-ATTR:launch_index"] = server.launchIndex;
        view["OS-EXT-SRV-ATTR:kernel_id"] = "";
        view["OS-EXT-SRV-ATTR:ramdisk_id"] = "";
        view["OS-EXT-SRV-ATTR:root_device_name"] = "/dev/vda";
        view["OS-EXT-SRV-ATTR:user_data"] = rare.userData;
      }
      if (v >= 16) view.host_status = hostState(ctx.s, server.host);
    }
    // 2.90 shows the hostname to everyone; 2.96 the zone the server is pinned to (its request's)
    if (v >= 90 && !ctx.isAdmin) view["OS-EXT-SRV-ATTR:hostname"] = serverHostname(server);
    if (v >= 96) view.pinned_availability_zone = rare.requestedZone;
  }
  if (v >= 9) view.locked = rare.locked;
  if (v >= 19) view.description = rare.description;
  if (v >= 26) view.tags = [...server.tags];
  if (v >= 63) view.trusted_image_certificates = null;
  if (v >= 71 && options.serverGroups) view.server_groups = rare.serverGroupId ? [rare.serverGroupId] : [];
  if (v >= 73) view.locked_reason = rare.lockedReason;
  return view;
}
