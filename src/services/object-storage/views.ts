// Listings on the wire (swift/common/middleware/listing_formats.py): JSON arrays, one name per line, or
// XML documents; `subdir` entries for a delimiter. Header sets of accounts, containers and objects.

import type { ListItem } from "./listing.js";
import { httpDate, listingDate, metaOut, timestamp, xmlText, type Format } from "./wire.js";
import type { Account, Container } from "./state.js";
import type { ResolvedObject } from "./read.js";

export function accountListing(format: Format, account: string, items: ListItem<Container>[]): string {
  if (format === "json") {
    return JSON.stringify(
      items.map((i) => (i.subdir !== undefined ? { subdir: i.subdir } : { name: i.name, count: i.value.objectCount, bytes: i.value.bytesUsed, last_modified: listingDate(i.value.createdAt) })),
    );
  }
  if (format === "plain") return items.map((i) => `${i.subdir ?? i.name}\n`).join("");
  const rows = items.map((i) =>
    i.subdir !== undefined
      ? `<subdir name="${xmlText(i.subdir)}"><name>${xmlText(i.subdir)}</name></subdir>`
      : `<container><name>${xmlText(i.name)}</name><count>${i.value.objectCount}</count><bytes>${i.value.bytesUsed}</bytes><last_modified>${listingDate(i.value.createdAt)}</last_modified></container>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<account name="${xmlText(account)}">${rows.join("")}</account>`;
}

/** What a container listing shows of an object. */
export interface ListedObject {
  name: string;
  etag: string;
  size: number;
  contentType: string;
  modifiedAt: number;
}

export function containerListing(format: Format, container: string, items: ListItem<ListedObject>[]): string {
  if (format === "json") {
    return JSON.stringify(
      items.map((i) =>
        i.subdir !== undefined
          ? { subdir: i.subdir }
          : { name: i.name, hash: i.value.etag, bytes: i.value.size, content_type: i.value.contentType, last_modified: listingDate(i.value.modifiedAt) },
      ),
    );
  }
  if (format === "plain") return items.map((i) => `${i.subdir ?? i.name}\n`).join("");
  const rows = items.map((i) =>
    i.subdir !== undefined
      ? `<subdir name="${xmlText(i.subdir)}"><name>${xmlText(i.subdir)}</name></subdir>`
      : `<object><name>${xmlText(i.name)}</name><hash>${i.value.etag}</hash><bytes>${i.value.size}</bytes><content_type>${xmlText(i.value.contentType)}</content_type><last_modified>${listingDate(i.value.modifiedAt)}</last_modified></object>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<container name="${xmlText(container)}">${rows.join("")}</container>`;
}

/** Account and container metadata of the Temp-URL keys, which only an owner (swift_owner) is shown: they sign URLs that write. */
export const TEMP_URL_KEYS = ["temp-url-key", "temp-url-key-2"];
const shownMeta = (metadata: Record<string, string>, owner: boolean) =>
  owner ? metadata : Object.fromEntries(Object.entries(metadata).filter(([name]) => !TEMP_URL_KEYS.includes(name)));

export const POLICY = "Policy-0";
const POLICY_HEADER = `x-account-storage-policy-${POLICY.toLowerCase()}`;

/** `owner`: see containerHeaders */
export function accountHeaders(account: Account | undefined, now: number, owner: boolean): Record<string, string> {
  return {
    "x-account-container-count": String(account?.containers.size ?? 0),
    "x-account-object-count": String(account?.objectCount ?? 0),
    "x-account-bytes-used": String(account?.bytesUsed ?? 0),
    // Swift's per-policy usage, for the policies the account has containers in (here the only one)
    ...(account && account.containers.size > 0
      ? {
          [`${POLICY_HEADER}-container-count`]: String(account.containers.size),
          [`${POLICY_HEADER}-object-count`]: String(account.objectCount),
          [`${POLICY_HEADER}-bytes-used`]: String(account.bytesUsed),
        }
      : {}),
    "x-timestamp": timestamp(account?.createdAt ?? now),
    "x-put-timestamp": timestamp(account?.createdAt ?? now),
    ...metaOut("x-account-meta-", shownMeta(account?.metadata ?? {}, owner)),
  };
}

/** `owner`: an admin or a member of the account's project asks (swift_owner); no one else sees the ACLs and Temp-URL keys */
export function containerHeaders(container: Container, owner: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "x-container-object-count": String(container.objectCount),
    "x-container-bytes-used": String(container.bytesUsed),
    "x-timestamp": timestamp(container.createdAt),
    "x-put-timestamp": timestamp(container.createdAt),
    "last-modified": httpDate(container.createdAt),
    "x-storage-policy": POLICY,
    ...metaOut("x-container-meta-", shownMeta(container.metadata, owner)),
  };
  if (owner && container.read !== undefined) headers["x-container-read"] = container.read;
  if (owner && container.write !== undefined) headers["x-container-write"] = container.write;
  if (container.versions) headers[container.versions.mode === "stack" ? "x-versions-location" : "x-history-location"] = container.versions.location;
  return headers;
}

/** An object's stored headers but S3's own x-amz-* records (its checksum, encryption), as Swift's sysmeta stays hidden. */
const shownHeaders = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith("x-amz-")));

export function objectHeaders(object: ResolvedObject): Record<string, string> {
  const headers: Record<string, string> = {
    etag: object.etagHeader,
    "content-type": object.contentType,
    "last-modified": httpDate(object.modifiedAt),
    "x-timestamp": timestamp(object.modifiedAt),
    "accept-ranges": "bytes",
    ...metaOut("x-object-meta-", object.metadata),
    ...shownHeaders(object.headers),
  };
  if (object.deleteAt !== undefined) headers["x-delete-at"] = String(Math.floor(object.deleteAt / 1000));
  if (object.slo) headers["x-static-large-object"] = "True";
  if (object.dlo !== undefined) headers["x-object-manifest"] = object.dlo;
  return headers;
}
