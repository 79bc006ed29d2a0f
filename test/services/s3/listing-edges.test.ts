// Listing edges S3 clients depend on: max-keys=0 is not truncated, an empty continuation-token starts the
// listing, V1's encoding-type=url leaves Prefix as given, ListObjectVersions and GetBucketVersioning of an
// unversioned bucket (every object its only version, VersionId null).

import { describe, expect, it } from "vitest";
import { ec2Keys, errorCode, s3, s3Emulator, tags } from "./s3-helpers.js";

async function filled() {
  const emu = s3Emulator();
  const keys = await ec2Keys(emu);
  await s3(emu, keys, "PUT", "/edges");
  for (const key of ["a b/1", "a b/2", "c", "d"]) await s3(emu, keys, "PUT", `/edges/${encodeURIComponent(key)}`, { body: key });
  return { emu, keys };
}

describe("S3 listing edges", () => {
  it("answers max-keys=0 empty and not truncated, and starts at the beginning for an empty continuation-token", async () => {
    const { emu, keys } = await filled();
    for (const path of ["/edges?max-keys=0", "/edges?list-type=2&max-keys=0"]) {
      const none = await s3(emu, keys, "GET", path);
      expect([path, tags(none.text, "IsTruncated"), tags(none.text, "Key")]).toEqual([path, ["false"], []]);
    }
    const empty = await s3(emu, keys, "GET", "/edges?list-type=2&continuation-token=&max-keys=2");
    expect([empty.status, tags(empty.text, "Key"), tags(empty.text, "ContinuationToken")]).toEqual([200, ["a b/1", "a b/2"], [""]]);
    const next = tags(empty.text, "NextContinuationToken")[0]!;
    expect(tags((await s3(emu, keys, "GET", `/edges?list-type=2&continuation-token=${next}`)).text, "Key")).toEqual(["c", "d"]);
  });

  it("encodes V1's keys, prefixes and delimiter but not its Prefix; V2 encodes its Prefix too", async () => {
    const { emu, keys } = await filled();
    const v1 = await s3(emu, keys, "GET", "/edges?encoding-type=url&prefix=a%20b%2F");
    expect([tags(v1.text, "Prefix"), tags(v1.text, "Key")]).toEqual([["a b/"], ["a%20b/1", "a%20b/2"]]);
    const v2 = await s3(emu, keys, "GET", "/edges?list-type=2&encoding-type=url&prefix=a%20b%2F");
    expect(tags(v2.text, "Prefix")).toEqual(["a%20b/"]);
  });

  it("lists an unversioned bucket's versions: each object once, VersionId null, paged by key-marker", async () => {
    const { emu, keys } = await filled();
    const versioning = await s3(emu, keys, "GET", "/edges?versioning");
    expect([versioning.status, versioning.text.includes("<VersioningConfiguration"), tags(versioning.text, "Status")]).toEqual([200, true, []]);
    const page = await s3(emu, keys, "GET", "/edges?versions&max-keys=3");
    expect(tags(page.text, "Key")).toEqual(["a b/1", "a b/2", "c"]);
    expect(tags(page.text, "VersionId")).toEqual(["null", "null", "null"]);
    expect(tags(page.text, "IsLatest")).toEqual(["true", "true", "true"]);
    expect([tags(page.text, "IsTruncated"), tags(page.text, "NextKeyMarker"), tags(page.text, "NextVersionIdMarker")]).toEqual([["true"], ["c"], ["null"]]);
    const rest = await s3(emu, keys, "GET", "/edges?versions&key-marker=c&version-id-marker=null");
    expect([tags(rest.text, "Key"), tags(rest.text, "IsTruncated")]).toEqual([["d"], ["false"]]);
    const grouped = await s3(emu, keys, "GET", "/edges?versions&delimiter=%2F");
    expect([tags(grouped.text, "Key"), tags(grouped.text, "CommonPrefixes")]).toEqual([["c", "d"], ["<Prefix>a b/</Prefix>"]]);
    expect(errorCode(await s3(emu, keys, "GET", "/edges?versions&key-marker=c&version-id-marker=3"))).toBe("InvalidArgument");
    // a versionId of null names the one version
    expect((await s3(emu, keys, "GET", "/edges/c?versionId=null")).text).toBe("c");
    expect(errorCode(await s3(emu, keys, "GET", "/missing?versions"))).toBe("NoSuchBucket");
  });
});
