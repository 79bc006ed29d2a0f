// os-quota-class-sets: the `default` class is the defaults every project without its own limit gets.

import { beforeEach, describe, expect, it } from "vitest";
import { CIRROS, fault, profileApi, type ProfileApi } from "./profile-setup.js";

describe("compute: /v2.1/os-quota-class-sets", () => {
  let t: ProfileApi;
  beforeEach(async () => {
    t = await profileApi();
  });

  it("shows the default class: nova-network's keys before 2.50, server groups from it, no injected files from 2.57", async () => {
    const v21 = await t.api("GET", "/os-quota-class-sets/default");
    expect(v21.status).toBe(200);
    expect(v21.body.quota_class_set).toEqual({
      id: "default",
      instances: 10,
      cores: 20,
      ram: 51200,
      key_pairs: 100,
      metadata_items: 128,
      injected_files: 5,
      injected_file_content_bytes: 10240,
      injected_file_path_bytes: 255,
      floating_ips: 10,
      fixed_ips: -1,
      security_groups: 10,
      security_group_rules: 20,
    });
    const v250 = (await t.api("GET", "/os-quota-class-sets/default", { version: "2.50" })).body.quota_class_set;
    expect(v250).toMatchObject({ server_groups: 10, server_group_members: 10, injected_files: 5 });
    expect(v250.floating_ips).toBeUndefined();
    const v257 = (await t.api("GET", "/os-quota-class-sets/default", { version: "2.57" })).body.quota_class_set;
    expect(v257.injected_files).toBeUndefined();
  });

  it("updates the default class (200, without id): project defaults and the quota check follow it", async () => {
    const res = await t.api("PUT", "/os-quota-class-sets/default", { body: { quota_class_set: { instances: 1 } } });
    expect(res.status).toBe(200);
    expect(res.body.quota_class_set.id).toBeUndefined();
    expect(res.body.quota_class_set.instances).toBe(1);
    expect((await t.api("GET", `/os-quota-sets/${t.demoProject}`, { token: t.demo })).body.quota_set.instances).toBe(1);
    expect((await t.api("GET", `/os-quota-sets/${t.demoProject}/defaults`, { token: t.demo })).body.quota_set.instances).toBe(1);
    const boot = () => t.api("POST", "/servers", { token: t.demo, body: { server: { name: "vm", flavorRef: "1", imageRef: CIRROS, networks: [{ uuid: t.privateNet }] } } });
    expect((await boot()).status).toBe(202);
    const over = await boot();
    expect(over.status).toBe(413);
    expect(fault(over).name).toBe("entityTooLarge");
    // a project's own limit still wins
    await t.api("PUT", `/os-quota-sets/${t.demoProject}`, { body: { quota_set: { instances: 5 } } });
    expect((await boot()).status).toBe(202);
  });

  it("keeps another class without applying it; refuses bad bodies (400) and non-admins (403)", async () => {
    expect((await t.api("PUT", "/os-quota-class-sets/gold", { body: { quota_class_set: { cores: 99 } } })).body.quota_class_set.cores).toBe(99);
    expect((await t.api("GET", "/os-quota-class-sets/gold")).body.quota_class_set.cores).toBe(99);
    expect((await t.api("GET", `/os-quota-sets/${t.demoProject}`, { token: t.demo })).body.quota_set.cores).toBe(20);
    await t.refused(400, "PUT", "/os-quota-class-sets/default", { body: { quota_class_set: { cores: -2 } } });
    await t.refused(400, "PUT", "/os-quota-class-sets/default", { body: { quota_class_set: { server_groups: 1 } } });
    await t.refused(400, "PUT", "/os-quota-class-sets/default", { version: "2.50", body: { quota_class_set: { floating_ips: 1 } } });
    await t.refused(403, "PUT", "/os-quota-class-sets/default", { token: t.demo, body: { quota_class_set: { cores: 1 } } });
    expect((await t.api("GET", "/os-quota-class-sets/default", { token: t.demo })).status).toBe(403);
  });

  it("keeps nova-network's keys a PUT sets before 2.50 and shows them back (tempest's default-class update)", async () => {
    const body = { quota_class_set: { floating_ips: 11, fixed_ips: 5, security_groups: 12, security_group_rules: 21, instances: 11 } };
    const res = await t.api("PUT", "/os-quota-class-sets/default", { body });
    expect(res.body.quota_class_set).toMatchObject(body.quota_class_set);
    expect((await t.api("GET", "/os-quota-class-sets/default")).body.quota_class_set).toMatchObject(body.quota_class_set);
    expect((await t.api("GET", "/os-quota-class-sets/default", { version: "2.50" })).body.quota_class_set.floating_ips).toBeUndefined();
  });
});
