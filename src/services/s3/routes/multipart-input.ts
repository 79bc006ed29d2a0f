// What CreateMultipartUpload and CompleteMultipartUpload read of their headers besides the common ones:
// the upload's checksum algorithm and type (x-amz-checksum-algorithm, x-amz-checksum-type), and what the
// completing request says the whole object is (its checksum header, x-amz-mp-object-size).

import { requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { headerOf, isCrc, validDigest, type Algorithm } from "../checksums.js";
import { invalidArgument, invalidRequest } from "../errors.js";
import type { ChecksumType } from "../operations/object-headers.js";
import type { CompleteExpectations } from "../operations/multipart.js";
import { algorithmHeader } from "../payload-checksum.js";

/**
 * The upload's checksum: COMPOSITE by default (the digest of the parts' digests), FULL_OBJECT by request or
 * for CRC64NVME, which has only that type; FULL_OBJECT exists only for the CRCs, as in S3.
 */
export function uploadChecksum(c: Ctx): { algorithm: Algorithm; type: ChecksumType } | undefined {
  const algorithm = algorithmHeader(c, "x-amz-checksum-algorithm");
  const typeText = requestHeader(c, "x-amz-checksum-type")?.trim().toUpperCase();
  if (typeText !== undefined && typeText !== "FULL_OBJECT" && typeText !== "COMPOSITE") {
    throw invalidArgument("Value for x-amz-checksum-type header is invalid.", "x-amz-checksum-type", typeText);
  }
  if (!algorithm) {
    if (typeText !== undefined) throw invalidRequest("The x-amz-checksum-type header can only be used with the x-amz-checksum-algorithm header.");
    return undefined;
  }
  const type: ChecksumType = (typeText as ChecksumType | undefined) ?? (algorithm === "CRC64NVME" ? "FULL_OBJECT" : "COMPOSITE");
  if (type === "FULL_OBJECT" && !isCrc(algorithm)) throw invalidRequest(`The FULL_OBJECT checksum type cannot be used with the ${algorithm.toLowerCase()} checksum algorithm.`);
  if (type === "COMPOSITE" && algorithm === "CRC64NVME") throw invalidRequest("The COMPOSITE checksum type cannot be used with the crc64nvme checksum algorithm.");
  return { algorithm, type };
}

export function completeExpectations(c: Ctx, algorithm: Algorithm | undefined): CompleteExpectations {
  const out: CompleteExpectations = {};
  const size = requestHeader(c, "x-amz-mp-object-size");
  if (size !== undefined) {
    if (!/^\d{1,15}$/.test(size.trim())) throw invalidArgument("Value for x-amz-mp-object-size header is invalid.", "x-amz-mp-object-size", size);
    out.size = Number(size.trim());
  }
  const sum = algorithm && requestHeader(c, headerOf(algorithm))?.trim();
  if (sum) {
    // a COMPOSITE checksum ends `-N`
    if (!validDigest(algorithm, sum.replace(/-\d+$/, ""))) throw invalidRequest(`Value for ${headerOf(algorithm)} header is invalid.`);
    out.checksum = sum;
  }
  return out;
}
