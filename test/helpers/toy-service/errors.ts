// The toy service's errors, named after the upstream codes, in the Nova-style fault envelope.

import { faultEnvelope, notFound } from "../../../src/kernel/errors.js";

export const envelope = faultEnvelope;

export const widgetNotFound = (id: string) => notFound(`Widget ${id} could not be found.`, "itemNotFound");

export const noData = (id: string) => notFound(`Widget ${id} has no data.`, "itemNotFound");
