// Volume transfers at both of Cinder's paths: /os-volume-transfer (the extension) and /volume-transfers
// (3.55's resource, no_snapshots in its create body); the same records and answers at either. Create and
// accept answer 202 (create with the auth key, shown only then), delete 202 without a body.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { validate } from "../../../kernel/http/body.js";
import { microversion } from "../microversion.js";
import { acceptTransfer, createTransfer, deleteTransfer, listTransfers, visibleTransfer } from "../operations/transfers.js";
import { queryBool } from "../schemas/parameter-types.js";
import { acceptTransferBody, anyCreateTransferBody, createTransferBody, createTransferBodyV355 } from "../schemas/transfers.js";
import { transferDetail, transferSummary } from "../views/transfers.js";
import type { BlockStorageDeps } from "./deps.js";
import { listQuery } from "./list.js";

const WITH_SNAPSHOTS = 55;
const TRANSFER_ENCRYPTED_VOLUME = 70;
/** osapi_max_limit */
const MAX_LIMIT = 1000;

export function transferRoutes(deps: BlockStorageDeps): RouteDef[] {
  return ["/os-volume-transfer", "/volume-transfers"].flatMap((base) => routesAt(deps, base, base === "/volume-transfers"));
}

function routesAt(deps: BlockStorageDeps, base: string, v3: boolean): RouteDef[] {
  const list = (c: Ctx, detail: boolean) => {
    const caller = deps.caller(c);
    const query = listQuery(c, caller, MAX_LIMIT, ["created_at", "id"]);
    const allTenants = queryBool(queryParam(c, "all_tenants") ?? "false") ?? false;
    const rows = listTransfers(deps.state(), caller, allTenants, queryParam(c, "name")).slice(query.offset, query.offset + query.limit);
    const version = microversion(c);
    return c.json({ transfers: rows.map((t) => (detail ? transferDetail(c, t, version) : transferSummary(c, t))) });
  };
  return [
    { method: "GET", path: base, operation: "block-storage.transfer.list", handler: (c) => list(c, false) },
    { method: "GET", path: `${base}/detail`, operation: "block-storage.transfer.list", handler: (c) => list(c, true) },
    route({
      method: "POST",
      path: base,
      operation: "block-storage.transfer.create",
      schema: anyCreateTransferBody,
      handler: (c, raw) => {
        const version = microversion(c);
        // the extension's body never takes no_snapshots; the resource's from 3.55
        const { transfer: body } = v3 && version >= WITH_SNAPSHOTS ? validate(createTransferBodyV355, raw) : validate(createTransferBody, raw);
        const noSnapshots = (body as { no_snapshots?: boolean }).no_snapshots ?? false;
        const made = deps.write(c, (s, ctx) => {
          const { transfer, authKey } = createTransfer(s, ctx, body.volume_id, body.name ?? null, noSnapshots, version >= TRANSFER_ENCRYPTED_VOLUME);
          return { transfer: { ...transfer }, authKey };
        });
        return c.json({ transfer: transferDetail(c, made.transfer, version, made.authKey) }, 202);
      },
    }),
    {
      method: "GET",
      path: `${base}/:id`,
      operation: "block-storage.transfer.show",
      handler: (c) => c.json({ transfer: transferDetail(c, visibleTransfer(deps.state(), deps.caller(c), c.req.param("id")!), microversion(c)) }),
    },
    route({
      method: "POST",
      path: `${base}/:id/accept`,
      operation: "block-storage.transfer.accept",
      schema: acceptTransferBody,
      handler: (c, { accept }) => {
        const transfer = deps.write(c, (s, ctx) => ({ ...acceptTransfer(s, ctx, c.req.param("id")!, String(accept.auth_key)) }));
        return c.json({ transfer: transferSummary(c, transfer) }, 202);
      },
    }),
    {
      method: "DELETE",
      path: `${base}/:id`,
      operation: "block-storage.transfer.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteTransfer(s, ctx, c.req.param("id")!));
        return c.body(null, 202);
      },
    },
  ];
}
