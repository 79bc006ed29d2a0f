// QoS specifications (cinder/api/contrib/qos_specs_manage.py): create, update, delete (refused while
// associated unless forced), delete keys, and associations with volume types (one spec per type).

import type { OperationContext } from "../../../kernel/operation.js";
import { ApiError } from "../../../kernel/errors.js";
import { find, get, put, remove, values } from "../../../kernel/store/table.js";
import { withoutEntry } from "../../../kernel/own.js";
import { badRequest, inState, invalidInput, itemNotFound, volumeTypeNotFound } from "../errors.js";
import type { BlockStorageState, QosSpec, VolumeType } from "../state.js";

export const CONSUMERS = ["back-end", "front-end", "both"] as const;

export const qosNotFound = (id: string) => itemNotFound(`QoS Specs ${id} could not be found.`);

export function qosSpec(s: BlockStorageState, id: string): QosSpec {
  const spec = get(s.qosSpecs, id);
  if (!spec) throw qosNotFound(id);
  return spec;
}

function consumerOf(value: string | undefined): QosSpec["consumer"] {
  if (value === undefined) return "back-end";
  if (!(CONSUMERS as readonly string[]).includes(value)) throw invalidInput(`Valid consumer of QoS specs are: ${CONSUMERS.join(", ")}`);
  return value as QosSpec["consumer"];
}

/** `fields` holds name, consumer and the spec keys side by side, as the API body does. */
export function createQos(s: BlockStorageState, ctx: OperationContext, fields: Record<string, string>): QosSpec {
  const { name = "", consumer, ...specs } = fields;
  if (!name.trim()) throw invalidInput("QoS Specs name can not be empty.");
  if (find(s.qosSpecs, (q) => q.name === name)) throw new ApiError(409, "conflictingRequest", `QoS Specs ${name} already exists.`);
  const spec: QosSpec = { id: ctx.ids.uuid(), name, consumer: consumerOf(consumer), specs: { ...specs } };
  put(s.qosSpecs, spec);
  return spec;
}

export function updateQos(s: BlockStorageState, id: string, fields: Record<string, string>): void {
  const spec = qosSpec(s, id);
  const { consumer, ...specs } = fields;
  if (consumer !== undefined) spec.consumer = consumerOf(consumer);
  spec.specs = { ...spec.specs, ...specs };
}

export function associatedTypes(s: BlockStorageState, id: string): VolumeType[] {
  return values(s.volumeTypes).filter((t) => t.qosSpecsId === id);
}

export function deleteQos(s: BlockStorageState, id: string, force: boolean): void {
  qosSpec(s, id);
  const types = associatedTypes(s, id);
  if (types.length > 0 && !force) throw inState(badRequest(`QoS Specs ${id} is still associated with entities.`));
  for (const t of types) t.qosSpecsId = null;
  remove(s.qosSpecs, id);
}

export function deleteQosKeys(s: BlockStorageState, id: string, keys: string[]): void {
  const spec = qosSpec(s, id);
  for (const key of keys) {
    if (!Object.hasOwn(spec.specs, key)) throw itemNotFound(`QoS spec ${id} has no spec with key ${key}.`);
    spec.specs = withoutEntry(spec.specs, key);
  }
}

function typeFor(s: BlockStorageState, typeId: string | undefined): VolumeType {
  if (!typeId) throw badRequest("Volume Type id must not be None.");
  const type = get(s.volumeTypes, typeId);
  if (!type) throw volumeTypeNotFound(typeId);
  return type;
}

export function associate(s: BlockStorageState, id: string, typeId: string | undefined): void {
  qosSpec(s, id);
  const type = typeFor(s, typeId);
  if (type.qosSpecsId && type.qosSpecsId !== id) {
    throw inState(badRequest(`Type ${type.id} is already associated with another qos specs: ${type.qosSpecsId}`));
  }
  type.qosSpecsId = id;
}

export function disassociate(s: BlockStorageState, id: string, typeId: string | undefined): void {
  qosSpec(s, id);
  const type = typeFor(s, typeId);
  if (type.qosSpecsId === id) type.qosSpecsId = null;
}

export function disassociateAll(s: BlockStorageState, id: string): void {
  qosSpec(s, id);
  for (const t of associatedTypes(s, id)) t.qosSpecsId = null;
}
