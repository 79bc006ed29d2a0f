// Object tagging (PutObjectTagging, GetObjectTagging, DeleteObjectTagging, `x-amz-tagging` on writes): at
// most 10 tags, keys of 1-128 and values of up to 256 characters, unique keys, none under `aws:`, as S3
// checks them (InvalidTag). Tags are kept URL-encoded among the object's own x-amz-* records.

import { requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { invalidArgument, invalidTag, malformedXml } from "../errors.js";
import type { StoredObject } from "../storage.js";
import { child, childrenNamed, type Element } from "../xml-reader.js";

const TAGGING = "x-amz-tagging";
export const MAX_TAGS = 10;
export type Tags = Array<[key: string, value: string]>;

export function checkTags(tags: Tags): Tags {
  if (tags.length > MAX_TAGS) throw invalidTag("Object tags cannot be greater than 10");
  const seen = new Set<string>();
  for (const [key, value] of tags) {
    if (key.length < 1 || key.length > 128) throw invalidTag("The TagKey you have provided is invalid");
    if (value.length > 256) throw invalidTag("The TagValue you have provided is invalid");
    if (key.toLowerCase().startsWith("aws:")) throw invalidTag("Your TagKey cannot be prefixed with aws:");
    if (seen.has(key)) throw invalidTag("Cannot provide multiple Tags with the same key");
    seen.add(key);
  }
  return tags;
}

/** `x-amz-tagging: k1=v1&k2=v2` (URL query encoding); undefined when absent. */
export function requestedTags(c: Ctx): Tags | undefined {
  const header = requestHeader(c, TAGGING);
  if (header === undefined) return undefined;
  let tags: Tags;
  try {
    tags = [...new URLSearchParams(header)];
  } catch {
    throw invalidArgument("The header 'x-amz-tagging' shall be encoded as UTF-8 then URLEncoded URL query parameters without tag name duplicates.", TAGGING, header);
  }
  return checkTags(tags);
}

/** A <Tagging><TagSet><Tag><Key/><Value/></Tag>...</TagSet></Tagging> document's tags. */
export function tagsOfDocument(doc: Element | undefined): Tags {
  const set = doc?.name === "Tagging" ? child(doc, "TagSet") : undefined;
  if (!set) throw malformedXml();
  return checkTags(
    childrenNamed(set, "Tag").map((tag) => {
      const key = child(tag, "Key");
      if (!key) throw malformedXml();
      return [key.text, child(tag, "Value")?.text ?? ""];
    }),
  );
}

export const tagsOf = (o: Pick<StoredObject, "headers">): Tags => (o.headers[TAGGING] ? [...new URLSearchParams(o.headers[TAGGING])] : []);

/** The object's stored headers with these tags (none: the record dropped). */
export function withTags(headers: Record<string, string>, tags: Tags): Record<string, string> {
  const { [TAGGING]: _old, ...rest } = headers;
  return tags.length ? { ...rest, [TAGGING]: new URLSearchParams(tags).toString() } : rest;
}

/** x-amz-tagging-count, which GET and HEAD answer for a tagged object. */
export function tagCountHeader(o: Pick<StoredObject, "headers">): Record<string, string> {
  const count = tagsOf(o).length;
  return count ? { "x-amz-tagging-count": String(count) } : {};
}
