// When identity deletes a project, its `default` security group goes too if the project never used
// networking. Neutron makes that group on a project's first networking call, so for such a project it
// never exists; the emulator makes it with the project (subscriptions.ts) and so takes it back here, or
// every project a test suite creates and deletes would leave a group and four rules behind. A project
// that did use networking keeps what it has, as Neutron keeps a deleted project's resources.

import { dictDelete, dictGet } from "../../../kernel/store/dict.js";
import { find, get, remove } from "../../../kernel/store/table.js";
import type { Tx } from "../../../kernel/store/store.js";
import type { NetworkingState } from "../state.js";
import { removeRuleRecord } from "./security-group-rules.js";

export function dropUnusedDefaultGroup(s: NetworkingState, tx: Pick<Tx, "emit">, projectId: string): void {
  const groupId = dictGet(s.defaultGroups, projectId);
  const group = groupId === undefined ? undefined : get(s.securityGroups, groupId);
  if (!group || group.revision !== 0 || group.portCount !== 0) return;
  // nothing else counted against the project: no network, port, router, address or other group
  const usage = dictGet(s.usage, projectId) ?? {};
  const onlyTheGroup = Object.entries(usage).every(
    ([resource, n]) => n === 0 || (resource === "security_group" && n === 1) || (resource === "security_group_rule" && n === group.ruleIds.length),
  );
  if (!onlyTheGroup || find(s.rules, (r) => r.remoteGroupId === group.id && r.securityGroupId !== group.id)) return;
  for (const ruleId of [...group.ruleIds]) {
    const rule = get(s.rules, ruleId);
    if (rule) removeRuleRecord(s, rule);
  }
  remove(s.securityGroups, group.id);
  dictDelete(s.defaultGroups, projectId);
  dictDelete(s.usage, projectId);
  tx.emit("networking.security_group.deleted", { id: group.id, projectId });
}
