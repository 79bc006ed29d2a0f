// The account (Swift: storage-account-services): GET lists containers (HEAD: counts and bytes), POST sets
// X-Account-Meta-*. An account exists from its project's first write; before that it reads as empty.

import { badRequest, forbidden } from "../errors.js";
import { listPage } from "../listing.js";
import { accountOf } from "../operations/records.js";
import type { RouteDef } from "../../../kernel/http/service-app.js";
import { accountHeaders, accountListing } from "../views.js";
import { checkMetadata, isReseller, projectOf, listingFormat, listQuery, metaHeaders, ownAccount, removedMeta, write, type Deps } from "./common.js";
import { empty, listing } from "./respond.js";
import { bulkDelete } from "./bulk-delete.js";
import { extractArchive, isExtractArchive } from "./extract-archive.js";
import { ApiError } from "../../../kernel/errors.js";
import { findAccount } from "../read.js";
import { isOwner } from "./access.js";
import { queryParam } from "../../../kernel/http/context.js";

export function accountRoutes(d: Deps): RouteDef[] {
  const { kernel } = d;
  return [
    {
      method: "GET",
      path: "/v1/:account",
      operation: "object-storage.account.show",
      handler: (c) => {
        const projectId = ownAccount(c);
        const found = findAccount(d.state(), projectId);
        const format = listingFormat(c);
        const page = found ? listPage(found.containers, listQuery(c)) : { items: [], truncated: false };
        return listing(c, kernel, format, page.items.length, accountListing(format, `AUTH_${projectId}`, page.items), accountHeaders(found, kernel.clock.now(), isOwner(c, projectId)));
      },
    },
    {
      // only bulk's extract-archive: an account is no PUT's to make (Swift's 405 without account management)
      method: "PUT",
      path: "/v1/:account",
      operation: "object-storage.account.extract-archive",
      policy: "public",
      body: "stream",
      handler: async (c) => {
        if (!isExtractArchive(c)) throw new ApiError(405, "MethodNotAllowed", "The method is not allowed for this resource.", { Allow: "GET, HEAD, POST" });
        return extractArchive(c, d, projectOf(c), "");
      },
    },
    {
      method: "POST",
      path: "/v1/:account",
      operation: "object-storage.account.update",
      // ?bulk-delete reads its body as it arrives (bulk-delete.ts bounds it); a metadata POST reads none
      body: "stream",
      handler: async (c) => {
        const projectId = ownAccount(c);
        if (queryParam(c, "bulk-delete") !== undefined) return bulkDelete(c, d, projectId);
        const set = metaHeaders(c, "x-account-meta-");
        const removed = removedMeta(c, "account");
        // account_quotas: only a reseller (ResellerAdmin, or the emulator's admin) sets the account's quota
        const principal = c.get("principal")!;
        if (("quota-bytes" in set || removed.includes("quota-bytes")) && !isReseller(principal)) throw forbidden();
        if (set["quota-bytes"] !== undefined && set["quota-bytes"] !== "" && !/^\d+$/.test(set["quota-bytes"])) throw badRequest("Invalid Quota-Bytes value.");
        write(c, d, (s, w) => {
          const account = accountOf(s, projectId, w.now);
          const metadata = { ...account.metadata };
          for (const [name, value] of Object.entries(set)) {
            if (value === "") delete metadata[name];
            else metadata[name] = value;
          }
          for (const name of removed) delete metadata[name];
          checkMetadata(metadata);
          account.metadata = metadata;
        });
        return empty(c, kernel, 204);
      },
    },
  ];
}
