// The legacy import task (`POST /v2/tasks`, type `import`): an image made from image_properties whose bytes
// are fetched from import_from (loopback only, the web-download filter) in import_from_format.

import type { OperationContext } from "../../../kernel/operation.js";
import { validate } from "../../../kernel/http/body.js";
import { badRequest } from "../errors.js";
import { createImageBody, DISK_FORMATS } from "../schemas/images.js";
import type { ImageState } from "../state.js";
import { checkCreateKeys } from "./attributes.js";
import { createImage } from "./images.js";
import { beginWebDownload, type DownloadTicket } from "./web-download.js";
import { filteredUri } from "./loopback-uri.js";

export interface LegacyInput {
  import_from: string;
  import_from_format: string;
  image_properties: Record<string, unknown>;
}

export function beginLegacyImport(s: ImageState, ctx: OperationContext, input: LegacyInput): DownloadTicket & { imageId: string } {
  if (!(DISK_FORMATS as readonly string[]).includes(input.import_from_format)) throw badRequest(`Invalid import_from_format: ${input.import_from_format.slice(0, 64)}`);
  if (!filteredUri(input.import_from)) throw badRequest(`URI for import does not pass filtering: ${input.import_from.slice(0, 255)}`);
  checkCreateKeys(input.image_properties);
  const body = validate(createImageBody, { disk_format: input.import_from_format, container_format: "bare", ...input.image_properties });
  const image = createImage(s, ctx, body);
  const ticket = beginWebDownload(s, ctx, image.id, input.import_from, { ...input });
  return { ...ticket, imageId: image.id };
}
