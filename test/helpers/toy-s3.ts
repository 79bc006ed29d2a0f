// toy-s3: the toy service's edge declared the S3 way: objects in buckets, AWS Signature V4 (access keys
// given to the module, each a member of project `toy-s3`), XML errors, x-amz-request-id. And signV4, the
// client side: a signer written from the AWS documentation, independent of the kernel's checker.

import { createHash, createHmac } from "node:crypto";
import { buildServiceApp, type RouteDef } from "../../src/kernel/http/service-app.js";
import { ApiError } from "../../src/kernel/errors.js";
import { bytesResponse, streamedBody } from "../../src/kernel/http/stream.js";
import { xmlErrors } from "../../src/kernel/http/render.js";
import { s3RequestIds } from "../../src/kernel/http/request-ids.js";
import { awsSigV4 } from "../../src/kernel/auth/sigv4.js";
import type { Principal } from "../../src/kernel/auth/principal.js";
import type { BlobRef } from "../../src/kernel/blobs/types.js";
import { emptyTable, get, put, type Table } from "../../src/kernel/store/table.js";
import type { Kernel } from "../../src/kernel/kernel.js";
import type { ServiceModule } from "../../src/kernel/service.js";

interface S3State {
  /** by `<bucket>/<key>` */
  objects: Table<{ id: string; ref: BlobRef }>;
}

const SLICE = "toy-s3";

const principalOf = (accessKey: string): Principal => ({
  token: "",
  userId: `s3-${accessKey}`,
  userName: accessKey,
  userDomainId: "default",
  projectId: SLICE,
  projectName: SLICE,
  roles: ["member", "reader"],
  methods: ["ec2credential"],
  expiresAt: Number.MAX_SAFE_INTEGER,
});

const noSuchKey = (bucket: string, key: string) =>
  new ApiError(404, "NoSuchKey", "The specified key does not exist.", {}, { Key: key, BucketName: bucket });

function routes(kernel: Kernel): RouteDef[] {
  return [
    {
      method: "PUT",
      path: "/:bucket/:key",
      operation: "toy-s3.object.put",
      body: "stream",
      handler: async (c) => {
        const id = `${c.req.param("bucket")}/${c.req.param("key")}`;
        const body = streamedBody(c);
        const ref = await kernel.blobs.put(body.stream, { maxBytes: body.maxBytes, owner: SLICE });
        const previous = kernel.store.update((draft) => {
          const objects = (draft[SLICE] as S3State).objects;
          const old = get(objects, id)?.ref;
          put(objects, { id, ref });
          return old;
        });
        if (previous) kernel.blobs.delete(previous.id);
        return c.body(null, 200, { etag: `"${ref.md5}"` });
      },
    },
    {
      method: "GET",
      path: "/:bucket/:key",
      operation: "toy-s3.object.get",
      handler: (c) => {
        const [bucket, key] = [c.req.param("bucket")!, c.req.param("key")!];
        const ref = get(kernel.slice<S3State>(SLICE).objects, `${bucket}/${key}`)?.ref;
        if (!ref || !kernel.blobs.has(ref.id)) throw noSuchKey(bucket, key);
        return bytesResponse(c, ref.size, (range) => kernel.blobs.get(ref.id, range)!, { headers: { etag: `"${ref.md5}"` } });
      },
    },
  ];
}

/** `keys`: access key -> secret. */
export function toyS3Service(options: { keys: Record<string, string>; maxStreamBytes?: number }): ServiceModule<S3State> {
  const lookupSecret = (accessKey: string) => {
    const secret = options.keys[accessKey];
    return secret === undefined ? undefined : { secret, principal: principalOf(accessKey) };
  };
  return {
    name: SLICE,
    mountPath: `/${SLICE}`,
    initialState: () => ({ objects: emptyTable() }),
    loadSeed: () => {},
    routes: (kernel) =>
      buildServiceApp(
        kernel,
        {
          name: SLICE,
          mountPath: `/${SLICE}`,
          errors: xmlErrors(),
          requestIds: s3RequestIds,
          auth: [awsSigV4({ lookupSecret })],
          maxStreamBytes: options.maxStreamBytes,
        },
        routes(kernel),
      ),
  };
}

export interface SignInput {
  method: string;
  url: string;
  accessKey: string;
  secret: string;
  headers?: Record<string, string>;
  /** hex SHA-256 of the body, or UNSIGNED-PAYLOAD; default: that of an empty body */
  payloadHash?: string;
  date?: Date;
  region?: string;
  /** the service the credential is scoped to; default s3 */
  service?: string;
  /** the path as sent, where `new URL` would resolve it (`.` and `..` segments S3 keys may hold) */
  path?: string;
}

const EMPTY_SHA256 = createHash("sha256").update("").digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** The headers that sign `input` (Signature V4, S3 flavour: the path encoded once, x-amz-content-sha256). */
export function signV4(input: SignInput): Record<string, string> {
  const payloadHash = input.payloadHash ?? EMPTY_SHA256;
  const when = input.date ?? new Date();
  const headers = { ...lowerKeys(input.headers ?? {}), "x-amz-date": amzDate(when), "x-amz-content-sha256": payloadHash };
  const { scope, signedHeaders, signature } = sign({ ...input, date: when }, headers, [], payloadHash);
  return { ...headers, authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}` };
}

/** A presigned URL for `input`, valid `expires` seconds (only Host is signed; the payload is unsigned). */
export function presignV4(input: SignInput, expires: number): string {
  const when = input.date ?? new Date();
  const date = amzDate(when);
  const scope = scopeOf(date, input.region, input.service);
  const params: Array<[string, string]> = [
    ["X-Amz-Algorithm", "AWS4-HMAC-SHA256"],
    ["X-Amz-Credential", `${input.accessKey}/${scope}`],
    ["X-Amz-Date", date],
    ["X-Amz-Expires", String(expires)],
    ["X-Amz-SignedHeaders", "host"],
  ];
  const { query, signature } = sign({ ...input, date: when }, {}, params, "UNSIGNED-PAYLOAD");
  const url = new URL(input.url);
  return `${url.origin}${url.pathname}?${query}&X-Amz-Signature=${signature}`;
}

function sign(input: SignInput, headers: Record<string, string>, extraQuery: Array<[string, string]>, payloadHash: string) {
  const url = new URL(input.url);
  const all: Record<string, string> = { host: url.host, ...headers };
  const names = Object.keys(all).sort();
  const query = [...url.searchParams, ...extraQuery]
    .map(([k, v]) => [enc(k), enc(v)])
    .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const path = (input.path ?? url.pathname).split("/").map((segment) => enc(decodedOnce(segment))).join("/");
  const canonical = [input.method, path, query, names.map((n) => `${n}:${all[n]!.trim().replace(/ +/g, " ")}\n`).join(""), names.join(";"), payloadHash].join("\n");
  const date = amzDate(input.date);
  const scope = scopeOf(date, input.region, input.service);
  const toSign = ["AWS4-HMAC-SHA256", date, scope, createHash("sha256").update(canonical).digest("hex")].join("\n");
  const kDate = hmac(`AWS4${input.secret}`, date.slice(0, 8));
  const kSigning = hmac(hmac(hmac(kDate, input.region ?? "us-east-1"), input.service ?? "s3"), "aws4_request");
  return { scope, query, signedHeaders: names.join(";"), signature: createHmac("sha256", kSigning).update(toSign).digest("hex") };
}

/** A path segment decoded once; one that is no valid encoding is signed as it stands (what S3 does with it is the test's). */
function decodedOnce(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function amzDate(date = new Date()): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

function scopeOf(date: string, region = "us-east-1", service = "s3"): string {
  return `${date.slice(0, 8)}/${region}/${service}/aws4_request`;
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
