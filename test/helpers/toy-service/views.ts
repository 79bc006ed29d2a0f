// State -> wire JSON for widgets.

import type { BlobRef } from "../../../src/kernel/blobs/types.js";
import type { Widget } from "./state.js";

export const widgetView = (w: Widget) => ({ id: w.id, name: w.name, project_id: w.projectId, status: w.status, updated: new Date(w.updatedAt).toISOString() });

export type WidgetView = ReturnType<typeof widgetView>;

export const etag = (ref: BlobRef) => `"${ref.md5}"`;
