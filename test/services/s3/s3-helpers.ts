// The S3 tests' emulator (the default services on a frozen clock), an
// EC2 key pair made through identity's API, and requests signed with the independent signer of toy-s3.ts.

import { createHash } from "node:crypto";
import type { Emulator } from "../../../src/app.js";
import type { EmulatorOptions } from "../../../src/api.js";
import { call, login, START, testEmulator } from "../../helpers/emulator.js";
import { presignV4, signV4 } from "../../helpers/toy-s3.js";

export { START };
export const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
export const md5 = (data: string | Buffer) => createHash("md5").update(data).digest("hex");

export function s3Emulator(options: EmulatorOptions = {}): Emulator {
  return testEmulator(options);
}

export interface Keys {
  accessKey: string;
  secret: string;
  userId: string;
  projectId: string;
  token: string;
}

/** An EC2 key pair of a seed user on their project, made as `openstack ec2 credentials create` makes it. */
export async function ec2Keys(emu: Emulator, user = "demo"): Promise<Keys> {
  const token = await login(emu, user);
  const me = await call(emu, "GET", "/identity/v3/auth/tokens", { token, headers: { "X-Subject-Token": token } });
  const userId = me.body.token.user.id;
  const projectId = me.body.token.project.id;
  const res = await call(emu, "POST", `/identity/v3/users/${userId}/credentials/OS-EC2`, { token, body: { tenant_id: projectId } });
  if (res.status !== 201) throw new Error(`ec2 credentials: ${res.status} ${res.text}`);
  return { accessKey: res.body.credential.access, secret: res.body.credential.secret, userId, projectId, token };
}

export interface S3Call {
  status: number;
  headers: Headers;
  text: string;
  bytes: Buffer;
}

export interface S3Request {
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** the x-amz-content-sha256 to sign; default: the body's hash */
  payloadHash?: string;
  date?: Date;
  /** send these headers unsigned (after signing) */
  unsigned?: Record<string, string>;
}

/**
 * One signed S3 call (path below /s3, query included), dated by the wall clock as a real client dates it
 * (the emulator's clock is frozen at START, years away from it).
 */
export async function s3(emu: Emulator, keys: Pick<Keys, "accessKey" | "secret">, method: string, path: string, req: S3Request = {}): Promise<S3Call> {
  const url = `http://localhost/s3${path}`;
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  const headers: Record<string, string> = { ...req.headers };
  if (body !== undefined) headers["content-length"] = String(body.length);
  const signed = signV4({
    method,
    url,
    accessKey: keys.accessKey,
    secret: keys.secret,
    headers,
    payloadHash: req.payloadHash ?? sha256(body ?? ""),
    date: req.date ?? new Date(),
  });
  return send(emu, method, url, { ...signed, ...req.unsigned }, body);
}

export async function send(emu: Emulator, method: string, url: string, headers: Record<string, string>, body?: Buffer): Promise<S3Call> {
  const res = await emu.app.request(url, { method, headers, body: body as BodyInit | undefined });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, text: bytes.toString("utf8"), bytes };
}

export function presigned(emu: Emulator, keys: Pick<Keys, "accessKey" | "secret">, method: string, path: string, expires: number, date?: Date): string {
  return presignV4({ method, url: `http://localhost/s3${path}`, accessKey: keys.accessKey, secret: keys.secret, date: date ?? new Date() }, expires);
}

const ENTITIES: Record<string, string> = { "&quot;": '"', "&apos;": "'", "&lt;": "<", "&gt;": ">", "&amp;": "&" };

/** The text of every <name> element, in order, entities decoded. */
export function tags(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, "g"))].map((m) => m[1]!.replace(/&\w+;/g, (e) => ENTITIES[e] ?? e));
}

export const errorCode = (res: S3Call) => tags(res.text, "Code")[0];
