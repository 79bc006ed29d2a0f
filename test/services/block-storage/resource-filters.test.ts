// Cinder's generalized resource filters (3.31+): a member naming a filter its resource does not allow gets a
// 400 naming it (paging, sorting, with_count and all_tenants are not filters); admins and requests below
// 3.31 are not checked; GET /resource_filters (3.33) answers the configured lists.

import { beforeEach, describe, expect, it } from "vitest";
import { availableVolume, bs, world, type World } from "./setup.js";

let w: World;
beforeEach(async () => {
  w = await world();
});

const list = (path: string, version: string, token?: string) => bs(w, "GET", path, { version, token });

describe("resource filters (3.31+)", () => {
  it("refuses a member's unknown filters from 3.31 with Cinder's message, and lets the allowed ones filter", async () => {
    const v = await availableVolume(w, { name: "kept" });
    const bad = await list("/volumes?project_id=x&bogus=1&name=kept", "3.31");
    expect(bad.status).toBe(400);
    expect(bad.body.badRequest.message).toBe("Invalid filters project_id,bogus are found in query options.");
    // below 3.31 the unknown keys are ignored
    expect((await list("/volumes?bogus=1", "3.30")).body.volumes.map((x: any) => x.id)).toEqual([v.id]);
    // allowed filters, paging, sorting and all_tenants (cinderclient always sends it) pass
    const ok = await list("/volumes/detail?name=kept&status=available&limit=5&sort=created_at:asc&all_tenants=0&with_count=true", "3.60");
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ volumes: [{ id: v.id }], count: 1 });
    // with_count is a filter before 3.45, as Cinder pops it only from then on
    expect((await list("/volumes?with_count=true", "3.44")).status).toBe(400);
    // an admin may filter by anything
    expect((await list("/volumes?bogus=1", "3.60", w.admin)).status).toBe(200);
  });

  it("checks snapshots, backups, attachments and volume types by their own lists", async () => {
    expect((await list("/snapshots?volume_id=x&availability_zone=nova", "3.60")).status).toBe(200);
    expect((await list("/snapshots?bootable=true", "3.60")).body.badRequest.message).toBe("Invalid filters bootable are found in query options.");
    expect((await list("/backups?volume_id=x&status=available", "3.60")).status).toBe(200);
    expect((await list("/backups?metadata=x", "3.60")).status).toBe(400);
    expect((await list("/attachments?instance_id=x&attach_status=attached", "3.60")).status).toBe(200);
    expect((await list("/attachments?name=x", "3.60")).status).toBe(400);
    expect((await list("/types?is_public=true", "3.60")).status).toBe(200);
    expect((await list("/types?name=x", "3.60")).status).toBe(400);
    expect((await list("/groups?name=x&list_volume=true", "3.60")).status).toBe(200);
    expect((await list("/groups?status=available", "3.60")).body.badRequest.message).toBe("Invalid filters status are found in query options.");
    expect((await list("/group_snapshots?group_id=x&status=available", "3.60")).status).toBe(200);
    expect((await list("/group_snapshots?volume_id=x", "3.60")).status).toBe(400);
    expect((await list("/messages?event_id=x&resource_type=VOLUME&limit=1", "3.60")).status).toBe(200);
    expect((await list("/messages?name=x", "3.60")).body.badRequest.message).toBe("Invalid filters name are found in query options.");
    expect((await list("/messages?name=x", "3.30")).status).toBe(200);
  });

  it("answers the configured filters at GET /resource_filters from 3.33 (404 before)", async () => {
    expect((await list("/resource_filters", "3.32")).status).toBe(404);
    const all = await list("/resource_filters", "3.33");
    expect(all.status).toBe(200);
    expect(all.body.resource_filters).toContainEqual({ resource: "backup", filters: ["name", "status", "volume_id"] });
    const one = await list("/resource_filters?resource=attachment", "3.33");
    expect(one.body.resource_filters).toEqual([{ resource: "attachment", filters: ["volume_id", "status", "instance_id", "attach_status"] }]);
  });
});
