// Masakari's errors (masakari/exception.py), rendered in the nova-style fault body Masakari's WSGI layer
// uses: {"<faultName>": {"code": N, "message": "..."}} (badRequest, forbidden, itemNotFound, conflictingRequest).

import { faultEnvelope, novaFaults } from "../../kernel/errors.js";

export const envelope = faultEnvelope;

export const { badRequest, forbidden, itemNotFound, conflictingRequest, notAcceptable } = novaFaults;

/** Masakari's policy refusal names the rule (os_masakari_api:segments:create) */
export const policyRefused = (rule: string) => forbidden(`Policy doesn't allow ${rule} to be performed.`);

export const failoverSegmentNotFound = (id: string) => itemNotFound(`No failover segment with id ${id}.`);
export const failoverSegmentExists = (name: string) => conflictingRequest(`Failover segment with name ${name} already exists.`);
export const failoverSegmentInUse = (id: string, verb: "updated" | "deleted") =>
  conflictingRequest(
    verb === "updated"
      ? `Failover segment ${id} can't be updated as it is in-use to process notifications.`
      : `Failover segment (${id}) can't be deleted as it is in-use to process notifications.`,
  );

export const hostNotFound = (id: string) => itemNotFound(`No host with id ${id}.`);
export const hostNotFoundUnderSegment = (hostId: string, segmentId: string) =>
  itemNotFound(`Host '${hostId}' under failover_segment '${segmentId}' could not be found.`);
export const hostExists = (name: string) => conflictingRequest(`Host with name ${name} already exists.`);
export const hostInUse = (id: string, verb: "updated" | "deleted") =>
  conflictingRequest(`Host ${id} can't be ${verb} as it is in-use to process notifications.`);
/** a host name that is no nova-compute service host (ComputeNotFoundByName, a 400 on create and update) */
export const computeNotFound = (name: string) => badRequest(`Compute service with name ${name} could not be found.`);

export const notificationNotFound = (id: string) => itemNotFound(`No notification with id ${id}.`);
/** notification create: the hostname is no host of any segment (HostNotFoundByName, turned into a 400) */
export const hostNameUnknown = (name: string) => badRequest(`Host with name ${name} could not be found.`);
export const hostOnMaintenance = (name: string, type: string) =>
  conflictingRequest(`Notification received from host ${name} of type '${type}' is ignored as the host is already under maintenance.`);
export const duplicateNotification = (name: string, type: string) =>
  conflictingRequest(`Notification received from host ${name} of type ${type} is duplicate.`);

export const vmoveNotFound = (id: string) => itemNotFound(`No vm move with id ${id}.`);
export const notificationWithoutVMoves = (id: string) =>
  badRequest(`This notification ${id} without vm moves.`);
