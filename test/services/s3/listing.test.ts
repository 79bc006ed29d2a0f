// ListObjects V1 and V2: prefix, delimiter with CommonPrefixes, max-keys paging with markers and
// continuation tokens, start-after, encoding-type=url, and the refusals of bad parameters.

import { describe, expect, it } from "vitest";
import type { Emulator } from "../../../src/app.js";
import { ec2Keys, errorCode, s3, s3Emulator, tags, type Keys } from "./s3-helpers.js";

const KEYS = ["a.txt", "photos/2029/x.jpg", "photos/2030/y.jpg", "photos/z.jpg", "readme", "videos/v.mp4"];

async function filled(): Promise<[Emulator, Keys]> {
  const emu = s3Emulator();
  const keys = await ec2Keys(emu);
  await s3(emu, keys, "PUT", "/media");
  for (const key of KEYS) await s3(emu, keys, "PUT", `/media/${key}`, { body: key });
  return [emu, keys];
}

const prefixesOf = (xml: string) => tags(xml, "CommonPrefixes").map((p) => p.replace(/<\/?Prefix>/g, ""));

describe("ListObjects", () => {
  it("V2 lists everything in key order, with prefix, and folds a delimiter's groups into CommonPrefixes", async () => {
    const [emu, keys] = await filled();
    const all = await s3(emu, keys, "GET", "/media?list-type=2");
    expect(tags(all.text, "Key")).toEqual(KEYS);
    expect(tags(all.text, "KeyCount")).toEqual(["6"]);
    expect(tags(all.text, "Size")[0]).toBe("5");
    expect(tags(all.text, "StorageClass")[0]).toBe("STANDARD");
    const top = await s3(emu, keys, "GET", "/media?list-type=2&delimiter=%2F");
    expect(tags(top.text, "Key")).toEqual(["a.txt", "readme"]);
    expect(prefixesOf(top.text)).toEqual(["photos/", "videos/"]);
    const photos = await s3(emu, keys, "GET", "/media?list-type=2&delimiter=%2F&prefix=photos%2F");
    expect(tags(photos.text, "Key")).toEqual(["photos/z.jpg"]);
    expect(prefixesOf(photos.text)).toEqual(["photos/2029/", "photos/2030/"]);
  });

  it("V2 pages with max-keys and continuation tokens, counting a common prefix once", async () => {
    const [emu, keys] = await filled();
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const res = await s3(emu, keys, "GET", `/media?list-type=2&delimiter=%2F&max-keys=1${token ? `&continuation-token=${encodeURIComponent(token)}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...tags(res.text, "Key"), ...prefixesOf(res.text));
      token = tags(res.text, "NextContinuationToken")[0];
      const truncated = tags(res.text, "IsTruncated")[0];
      expect(truncated).toBe(token ? "true" : "false");
      pages++;
    } while (token && pages < 10);
    expect(seen).toEqual(["a.txt", "photos/", "readme", "videos/"]);
    expect(pages).toBe(4);
    const after = await s3(emu, keys, "GET", "/media?list-type=2&start-after=photos%2Fz.jpg");
    expect(tags(after.text, "Key")).toEqual(["readme", "videos/v.mp4"]);
    expect(tags(after.text, "StartAfter")).toEqual(["photos/z.jpg"]);
  });

  it("V1 pages with marker and NextMarker, and encodes keys with encoding-type=url", async () => {
    const [emu, keys] = await filled();
    const first = await s3(emu, keys, "GET", "/media?max-keys=2");
    expect(tags(first.text, "Key")).toEqual(["a.txt", "photos/2029/x.jpg"]);
    expect(tags(first.text, "IsTruncated")).toEqual(["true"]);
    expect(tags(first.text, "Owner").length).toBe(2);
    const next = await s3(emu, keys, "GET", "/media?max-keys=2&marker=photos%2F2029%2Fx.jpg");
    expect(tags(next.text, "Key")).toEqual(["photos/2030/y.jpg", "photos/z.jpg"]);
    const grouped = await s3(emu, keys, "GET", "/media?delimiter=%2F&max-keys=2");
    expect(tags(grouped.text, "NextMarker")).toEqual(["photos/"]);
    const rest = await s3(emu, keys, "GET", "/media?delimiter=%2F&marker=photos%2F");
    expect([...tags(rest.text, "Key"), ...prefixesOf(rest.text)]).toEqual(["readme", "videos/"]);
    await s3(emu, keys, "PUT", "/media/sp%20ace%26amp", { body: "x" });
    const encoded = await s3(emu, keys, "GET", "/media?prefix=sp&encoding-type=url");
    expect(tags(encoded.text, "Key")).toEqual(["sp%20ace%26amp"]);
    expect(tags(encoded.text, "EncodingType")).toEqual(["url"]);
  });

  it("caps max-keys at 1000 and refuses bad parameters", async () => {
    const [emu, keys] = await filled();
    expect(tags((await s3(emu, keys, "GET", "/media?max-keys=5000")).text, "MaxKeys")).toEqual(["1000"]);
    expect(errorCode(await s3(emu, keys, "GET", "/media?max-keys=-1"))).toBe("InvalidArgument");
    expect(errorCode(await s3(emu, keys, "GET", "/media?encoding-type=base64"))).toBe("InvalidArgument");
    expect(errorCode(await s3(emu, keys, "GET", "/media?list-type=2&continuation-token=%21%21"))).toBe("InvalidArgument");
    expect(errorCode(await s3(emu, keys, "GET", "/media?list-type=3"))).toBe("InvalidArgument");
    expect(errorCode(await s3(emu, keys, "GET", "/unknown?list-type=2"))).toBe("NoSuchBucket");
  });
});
