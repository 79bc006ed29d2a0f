// What an imported snapshot's networking slice must hold beyond a fresh slice's shape (world-state.ts checks
// that): the address owners keyed by subnet, then address. An older build kept them in one flat map keyed
// `<subnet>|<address>`; such a map is rebuilt here as this build keeps it, so its snapshots and --data-dir
// files still import.

import { dictEntries, emptyDict, type Dict } from "../../kernel/store/dict.js";
import { dictProblem } from "../../kernel/store/check.js";
import { setIpOwner, type NetworkingState } from "./state.js";

export function addressOwnersProblem(slice: NetworkingState): string | undefined {
  const entries: Array<[string, unknown]> = [...dictEntries(slice.ipOwners as Dict<unknown>)];
  if (entries.length > 0 && entries.every(([, value]) => typeof value === "string")) return rebuildFlat(slice, entries as Array<[string, string]>);
  for (const [subnet, owners] of entries) {
    const problem = dictProblem(owners);
    if (problem) return `ipOwners of subnet ${subnet}: ${problem}`;
    for (const [address, owner] of dictEntries(owners as Dict<unknown>)) {
      if (typeof owner !== "string") return `ipOwners of subnet ${subnet}: the owner of ${address} is not an id`;
    }
  }
  return undefined;
}

/** An older build's flat owner map, keyed `<subnet>|<address>` (an address holds no `|`). */
function rebuildFlat(slice: NetworkingState, entries: Array<[string, string]>): string | undefined {
  const nested = { ipOwners: emptyDict<Dict<string>>() };
  for (const [key, owner] of entries) {
    const bar = key.lastIndexOf("|");
    if (bar <= 0 || bar === key.length - 1) return `ipOwners key ${key} is neither <subnet>|<address> nor a subnet's owner map`;
    setIpOwner(nested, key.slice(0, bar), key.slice(bar + 1), owner);
  }
  slice.ipOwners = nested.ipOwners;
  return undefined;
}
