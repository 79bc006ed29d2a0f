// Shared by the identity token and application-credential tests: request bodies for each auth method and
// reads of the emulator's state through the control API.

import type { Emulator } from "../../../src/app.js";
import { call, login, type Call } from "../../helpers/emulator.js";

export const TOKENS = "/identity/v3/auth/tokens";
export const DEFAULT_DOMAIN = { name: "Default" };
/** Service types a token's catalog lists with the default services: each mounted one, and the control API. */
export const MOUNTED_CATALOG_TYPES = ["block-storage", "compute", "emulator", "identity", "image", "instance-ha", "network", "object-store", "s3", "volume", "volumev3"];

export function issue(emu: Emulator, body: unknown, options: { token?: string; query?: string } = {}): Promise<Call> {
  return call(emu, "POST", `${TOKENS}${options.query ?? ""}`, { body, token: options.token });
}

export function passwordById(userId: string, password: string, scope?: unknown) {
  return {
    auth: {
      identity: { methods: ["password"], password: { user: { id: userId, password } } },
      ...(scope === undefined ? {} : { scope }),
    },
  };
}

export function tokenExchange(token: string, scope?: unknown) {
  return { auth: { identity: { methods: ["token"], token: { id: token } }, ...(scope === undefined ? {} : { scope }) } };
}

export function appCredentialAuth(ref: Record<string, unknown>, scope?: unknown) {
  return {
    auth: {
      identity: { methods: ["application_credential"], application_credential: ref },
      ...(scope === undefined ? {} : { scope }),
    },
  };
}

export const projectScope = (name: string) => ({ project: { name, domain: DEFAULT_DOMAIN } });

/** Validates `subject` with `caller`'s token (GET /v3/auth/tokens). */
export function validate(emu: Emulator, caller: string, subject: string, query = ""): Promise<Call> {
  return call(emu, "GET", `${TOKENS}${query}`, { token: caller, headers: { "X-Subject-Token": subject } });
}

/** The identity slice as GET /_emulator/state exports it. */
export async function identityState(emu: Emulator) {
  const res = await call(emu, "GET", "/_emulator/state");
  if (res.status !== 200) throw new Error(`state export failed: ${res.status} ${res.text}`);
  return res.body.state.identity as { tokens: { size: number }; appCredentials: { size: number } } & Record<string, unknown>;
}

export async function tokenCount(emu: Emulator): Promise<number> {
  return (await identityState(emu)).tokens.size;
}

/** A project-scoped token for a seed user plus the ids its body names. */
export async function session(emu: Emulator, user = "demo") {
  const token = await login(emu, user);
  const body = (await validate(emu, token, token)).body.token;
  return { token, userId: body.user.id as string, projectId: body.project.id as string, roles: body.roles as Array<{ id: string; name: string }> };
}

/** /v3/users/{user_id}/application_credentials[/{id}] */
export const credentialsPath = (userId: string, id = "") =>
  `/identity/v3/users/${userId}/application_credentials${id ? `/${id}` : ""}`;
