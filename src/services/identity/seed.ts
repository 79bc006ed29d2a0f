// Loads the `identity` section of a seed world. Resources without an id get one derived from their
// names, so the default world has the same ids in every run and after every reset.

import * as z from "zod";
import { derivedId } from "../../kernel/seed-helpers.js";
import { validate } from "../../kernel/http/body.js";
import { createDomain, createProject, createRole, createUser, grantRole } from "./operations/directory.js";
import type { IdentityContext } from "./operations/context.js";
import { findByName, nameKey, type AssignmentScope, type IdentityState } from "./state.js";
import { validationError } from "./errors.js";
import { get } from "../../kernel/store/table.js";
import { seedInference } from "./operations/implied-roles.js";

const seedSchema = z
  .object({
    domains: z.array(z.object({ id: z.string().optional(), name: z.string(), description: z.string().default(""), enabled: z.boolean().default(true) })).default([]),
    roles: z.array(z.object({ id: z.string().optional(), name: z.string(), description: z.string().nullable().default(null) })).default([]),
    projects: z
      .array(z.object({ id: z.string().optional(), name: z.string(), domain: z.string().default("default"), description: z.string().default(""), enabled: z.boolean().default(true), tags: z.array(z.string()).default([]) }))
      .default([]),
    users: z
      .array(
        z.object({
          id: z.string().optional(),
          name: z.string(),
          domain: z.string().default("default"),
          password: z.string().nullable().default(null),
          default_project: z.string().optional(),
          enabled: z.boolean().default(true),
          email: z.string().nullable().default(null),
          description: z.string().nullable().default(null),
        }),
      )
      .default([]),
    /** `project`, `domain` or `system: all`; users, roles and projects by name or id */
    assignments: z
      .array(z.object({ user: z.string(), role: z.string(), project: z.string().optional(), domain: z.string().optional(), system: z.literal("all").optional() }))
      .default([]),
    /** prior -> implied, by role name or id; absent: Keystone's bootstrap rules (admin -> member -> reader) */
    implied_roles: z.array(z.object({ prior: z.string(), implied: z.string() })).optional(),
  })
  .strict();

/** The section as a world document writes it (src/client/types-world.ts writes it out for the client). */
export type IdentitySeedSection = z.input<typeof seedSchema>;

/** Tests and older callers name seeded ids through here; the helper itself is the kernel's. */
export { derivedId };

export function loadIdentitySeed(s: IdentityState, ctx: Pick<IdentityContext, "tx">, section: unknown): void {
  const seed = validate(seedSchema, section ?? {}, true);
  const domainId = (ref: string) => findByName(s, s.domains, nameKey.domain(ref))?.id ?? ref;
  for (const d of seed.domains) createDomain(s, ctx, { id: d.id ?? derivedId("domain", d.name), name: d.name, description: d.description, enabled: d.enabled });
  for (const r of seed.roles) createRole(s, ctx, { id: r.id ?? derivedId("role", r.name), name: r.name, description: r.description, domainId: null });
  const role = (ref: string) => findByName(s, s.roles, nameKey.role(ref)) ?? get(s.roles, ref);
  const rules = seed.implied_roles ?? [{ prior: "admin", implied: "member" }, { prior: "member", implied: "reader" }];
  for (const rule of rules) seedInference(s, role(rule.prior), role(rule.implied));
  for (const p of seed.projects) {
    const dom = domainId(p.domain);
    createProject(s, ctx, { id: p.id ?? derivedId("project", dom, p.name), name: p.name, domainId: dom, description: p.description, enabled: p.enabled, parentId: null, tags: p.tags });
  }
  const projectId = (ref: string, dom: string) => findByName(s, s.projects, nameKey.project(dom, ref))?.id ?? ref;
  for (const u of seed.users) {
    const dom = domainId(u.domain);
    createUser(
      s,
      ctx,
      {
        id: u.id ?? derivedId("user", dom, u.name),
        name: u.name,
        domainId: dom,
        password: u.password,
        enabled: u.enabled,
        defaultProjectId: u.default_project ? projectId(u.default_project, dom) : null,
        description: u.description,
        email: u.email,
      },
      derivedId("salt", dom, u.name).slice(0, 16),
    );
  }
  for (const a of seed.assignments) {
    const user = findByName(s, s.users, nameKey.user("default", a.user))?.id ?? a.user;
    const role = findByName(s, s.roles, nameKey.role(a.role))?.id ?? a.role;
    let scope: AssignmentScope;
    if (a.project) scope = { project: projectId(a.project, "default") };
    else if (a.domain) scope = { domain: domainId(a.domain) };
    else if (a.system) scope = { system: "all" };
    else throw validationError(`Seed assignment of ${a.role} to ${a.user} names no project, domain or system.`);
    grantRole(s, ctx, user, scope, role);
  }
}
