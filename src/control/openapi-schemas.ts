// The control API's OpenAPI components: the shapes its answers share (src/client/types.ts holds the same as
// TypeScript interfaces).

import { ref, schemaOf, str, type Json } from "./openapi-parts.js";
import { faultRuleSchema } from "../kernel/faults.js";
import { rateLimitSchema } from "./time.js";

export const buildSchemas = (): Record<string, Json> => ({
  Error: {
    type: "object",
    properties: { error: { type: "object", properties: { status: { type: "integer" }, code: str, message: str }, required: ["status", "code", "message"] } },
  },
  Health: {
    type: "object",
    properties: {
      status: { enum: ["ok", "starting"] },
      services: { type: "object", additionalProperties: { type: "object", properties: { ready: { type: "boolean" }, detail: str }, required: ["ready"] } },
      amqp: {
        type: "object",
        description: "With --amqp-url: the AMQP bridge's connection and counters (not a condition of readiness).",
        properties: {
          url: str,
          connected: { type: "boolean" },
          buffered: { type: "integer", description: "notifications waiting for the broker" },
          published: { type: "integer", description: "confirmed by the broker" },
          consumed: { type: "integer", description: "taken off the bus and acted on" },
          rejected: { type: "integer", description: "dead-lettered" },
          dropped: { type: "integer", description: "refused by a full buffer" },
          ignored: { type: "integer", description: "of a type no service acts on" },
        },
        required: ["url", "connected", "buffered", "published", "consumed", "rejected", "dropped", "ignored"],
      },
    },
  },
  World: { type: "object", description: "One section per service (e.g. `identity:`), and optionally `extends: <scenario>`.", additionalProperties: true },
  ClockState: {
    type: "object",
    properties: { now: { type: "string", format: "date-time" }, epochMs: { type: "integer" }, factor: { type: "number" }, frozen: { type: "boolean" }, pending: { type: "integer", description: "scheduled jobs" } },
  },
  Snapshot: {
    type: "object",
    properties: {
      format: { const: "skymock-snapshot/3", description: "an import also reads an older build's skymock-snapshot/2 and /1" },
      clock: { type: "object", properties: { epochMs: { type: "integer" } }, required: ["epochMs"] },
      state: { type: "object", description: "One slice per service, as the store holds it." },
      transitions: { type: "array", items: ref("PendingStep") },
      ids: {
        type: "array",
        items: { type: "integer", minimum: 0, maximum: 4294967295 },
        minItems: 4,
        maxItems: 4,
        description: "where the id generator stands: an import continues from there, so an emulator with the same random seed makes none of the snapshot's ids again",
      },
    },
    required: ["format", "clock", "state"],
  },
  TransitionDef: { type: "object", properties: { type: str, from: str, to: str, afterMs: { type: "number" } } },
  TransitionOverride: {
    type: "object",
    properties: { id: str, type: str, resourceId: str, from: str, mode: { enum: ["immediate", "delay", "manual", "stick", "redirect"] }, ms: { type: "number" }, to: str },
  },
  PendingStep: {
    type: "object",
    properties: {
      type: str,
      resourceId: str,
      from: str,
      to: str,
      enteredAt: { type: "number", description: "virtual epoch ms" },
      dueAt: { type: ["number", "null"], description: "virtual epoch ms; null when manual or stuck" },
      mode: { enum: ["scheduled", "manual", "stuck"] },
    },
  },
  RateLimit: schemaOf(rateLimitSchema, "output"),
  FaultRule: {
    allOf: [
      schemaOf(faultRuleSchema, "output"),
      { type: "object", properties: { id: str, fired: { type: "integer" }, expiresAt: { type: "number", description: "virtual epoch ms" } } },
    ],
  },
  FiredFault: {
    type: "object",
    properties: { seq: { type: "integer" }, at: { type: "string", format: "date-time" }, ruleId: str, requestId: { type: ["string", "null"] }, service: str, method: str, path: str, operation: str, effect: str },
  },
  ServiceOperations: {
    type: "object",
    properties: { service: str, operations: { type: "array", items: str } },
  },
  DomainEvent: {
    type: "object",
    properties: { seq: { type: "integer" }, type: str, at: { type: "string", format: "date-time" }, payload: { type: "object" } },
  },
  RequestRecord: {
    type: "object",
    properties: {
      seq: { type: "integer" },
      requestId: str,
      at: { type: "string", format: "date-time" },
      method: str,
      path: str,
      service: { type: ["string", "null"] },
      operation: { type: ["string", "null"] },
      project: { type: ["string", "null"] },
      status: { type: "integer", description: "499 when a fault dropped the connection" },
      durationMs: { type: "number" },
    },
  },
  StuckError: {
    type: "object",
    properties: {
      error: {
        type: "object",
        properties: { status: { type: "integer" }, code: { enum: ["Timeout", "Stuck"] }, message: str, resourceStatus: { type: "string", description: "the status it stopped in" } },
        required: ["status", "code", "message", "resourceStatus"],
      },
    },
  },
  ControlIndex: {
    type: "object",
    properties: {
      name: str,
      version: str,
      operations: { type: "array", items: { type: "object", properties: { method: str, path: str, summary: str }, required: ["method", "path", "summary"] } },
      openapi: { type: "string", description: "this document's path" },
    },
  },
  AdvanceUntil: {
    type: "object",
    properties: { status: str, advancedMs: { type: "number", description: "virtual ms the clock moved" }, clock: ref("ClockState") },
    required: ["status", "advancedMs", "clock"],
  },
  ResourceStatus: {
    type: "object",
    properties: { type: str, id: str, status: str, pending: { oneOf: [ref("PendingStep"), { type: "null" }] } },
    required: ["type", "id", "status", "pending"],
  },
  ResourceDetail: {
    type: "object",
    description: "GET /_emulator/resources/{type}/{id}?detail=1: what the kind declares for one resource's card; never a secret",
    properties: {
      type: str,
      id: str,
      status: { type: "string", description: "kinds with a status" },
      pending: { oneOf: [ref("PendingStep"), { type: "null" }], description: "kinds with a lifecycle" },
      detail: { type: "object", additionalProperties: true },
      content: { type: "string", description: "kinds with bytes (object storage's objects): the download's path" },
    },
    required: ["type", "id", "detail"],
  },
  CloudCredentials: {
    type: "object",
    properties: { username: str, password: str, projectName: str, userDomainName: str, projectDomainName: str, regionName: str },
    required: ["username", "password", "projectName", "userDomainName", "projectDomainName", "regionName"],
  },
  Tenant: {
    type: "object",
    properties: {
      project: { type: "object", properties: { id: str, name: str, domainId: str } },
      user: { type: "object", properties: { id: str, name: str, password: str, role: str } },
      network: {
        type: ["object", "null"],
        description: "null when made with `network: false`",
        properties: { id: str, name: str, subnetId: str, cidr: str, routerId: str, externalNetworkId: { type: ["string", "null"] } },
      },
      securityGroupId: { type: "string", description: "the project's `default` group" },
      credentials: ref("CloudCredentials"),
      osEnvironment: { type: "object", additionalProperties: str },
      cloudsYaml: str,
    },
  },
});
