// GET /extensions (cinder/api/extensions.py): the API extensions this emulator serves, each as Cinder's
// descriptor names it (alias, name, its docstring as description, updated, no links). Extensions it does not
// serve (manage/unmanage, consistency groups, scheduler hints) are left out, so that clients do not expect them.

import type { RouteDef } from "../../../kernel/http/service-app.js";

const SERVED: Array<[alias: string, name: string, description: string, updated: string]> = [
  ["os-admin-actions", "AdminActions", "Enable admin actions.", "2012-08-25T00:00:00+00:00"],
  ["os-availability-zone", "AvailabilityZones", "Describe Availability Zones.", "2013-06-27T00:00:00+00:00"],
  ["backups", "Backups", "Backups support.", "2012-12-12T00:00:00+00:00"],
  ["capabilities", "Capabilities", "Capabilities support.", "2015-08-31T00:00:00+00:00"],
  ["encryption", "VolumeTypeEncryption", "Encryption support for volume types.", "2013-07-01T00:00:00+00:00"],
  ["os-extended-services", "ExtendedServices", "Extended services support.", "2014-01-10T00:00:00-00:00"],
  ["os-hosts", "Hosts", "Admin-only host administration.", "2011-06-29T00:00:00+00:00"],
  ["os-extended-snapshot-attributes", "ExtendedSnapshotAttributes", "Extended SnapshotAttributes support.", "2012-06-19T00:00:00+00:00"],
  ["qos-specs", "Qos_specs_manage", "QoS specs support.", "2013-08-02T00:00:00+00:00"],
  ["os-quota-class-sets", "QuotaClasses", "Quota classes management support.", "2012-03-12T00:00:00+00:00"],
  ["os-quota-sets", "Quotas", "Quota management support.", "2011-08-08T00:00:00+00:00"],
  ["scheduler-stats", "Scheduler_stats", "Scheduler stats support.", "2014-09-07T00:00:00+00:00"],
  ["os-services", "Services", "Services support.", "2012-10-28T00:00:00-00:00"],
  ["os-snapshot-actions", "SnapshotActions", "Enable snapshot manager actions.", "2013-07-16T00:00:00+00:00"],
  ["os-types-extra-specs", "TypesExtraSpecs", "Type extra specs support.", "2011-08-24T00:00:00+00:00"],
  ["os-types-manage", "TypesManage", "Types manage support.", "2011-08-24T00:00:00+00:00"],
  ["os-used-limits", "UsedLimits", "Provide data on limited resources that are being used.", "2013-10-03T00:00:00+00:00"],
  ["os-volume-actions", "VolumeActions", "Enable volume actions.", "2012-05-31T00:00:00+00:00"],
  ["os-vol-host-attr", "VolumeHostAttribute", "Expose host as an attribute of a volume.", "2011-11-03T00:00:00+00:00"],
  ["os-vol-image-meta", "VolumeImageMetadata", "Show image metadata associated with the volume.", "2012-12-07T00:00:00+00:00"],
  ["os-vol-mig-status-attr", "VolumeMigStatusAttribute", "Expose migration_status as an attribute of a volume.", "2013-08-08T00:00:00+00:00"],
  ["os-vol-tenant-attr", "VolumeTenantAttribute", "Expose the internal project_id as an attribute of a volume.", "2011-11-03T00:00:00+00:00"],
  ["os-volume-type-access", "VolumeTypeAccess", "Volume type access support.", "2014-06-26T00:00:00Z"],
  ["os-volume-transfer", "VolumeTransfer", "Volume transfer management support.", "2013-05-29T00:00:00+00:00"],
];

const EXTENSIONS = SERVED.map(([alias, name, description, updated]) => ({ alias, name, description, updated, links: [] }));

export function extensionRoutes(): RouteDef[] {
  return [{ method: "GET", path: "/extensions", operation: "block-storage.extension.list", handler: (c) => c.json({ extensions: EXTENSIONS }) }];
}
