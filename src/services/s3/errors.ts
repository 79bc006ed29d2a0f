// S3's errors, named after its codes (the <Code> of the XML <Error> the kernel's xmlErrors renders), with
// the statuses S3 answers them with.

import { ApiError } from "../../kernel/errors.js";

const e = (status: number, code: string, message: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  new ApiError(status, code, message, headers, fields);

export const noSuchBucket = (bucket: string) => e(404, "NoSuchBucket", "The specified bucket does not exist", { BucketName: bucket });
export const noSuchKey = (key: string) => e(404, "NoSuchKey", "The specified key does not exist.", { Key: key });
export const noSuchUpload = (uploadId: string) =>
  e(404, "NoSuchUpload", "The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.", { UploadId: uploadId });
export const bucketAlreadyOwnedByYou = (bucket: string) =>
  e(409, "BucketAlreadyOwnedByYou", "Your previous request to create the named bucket succeeded and you already own it.", { BucketName: bucket });
export const bucketNotEmpty = (bucket: string) => e(409, "BucketNotEmpty", "The bucket you tried to delete is not empty", { BucketName: bucket });
export const invalidBucketName = (bucket: string) => e(400, "InvalidBucketName", "The specified bucket is not valid.", { BucketName: bucket });
export const invalidArgument = (message: string, name?: string, value?: string) =>
  e(400, "InvalidArgument", message, name === undefined ? {} : { ArgumentName: name, ArgumentValue: value ?? "" });
export const invalidRequest = (message: string) => e(400, "InvalidRequest", message);
export const malformedXml = () =>
  e(400, "MalformedXML", "The XML you provided was not well-formed or did not validate against our published schema");
export const badChecksum = (algorithm: string) => e(400, "BadDigest", `The ${algorithm} you specified did not match the calculated checksum.`);
export const badDigest = () => e(400, "BadDigest", "The Content-MD5 you specified did not match what we received.");
export const invalidDigest = () => e(400, "InvalidDigest", "The Content-MD5 you specified was invalid.");
export const sha256Mismatch = (client: string, server: string) =>
  e(400, "XAmzContentSHA256Mismatch", "The provided 'x-amz-content-sha256' header does not match what was computed.", {
    ClientComputedContentSHA256: client,
    S3ComputedContentSHA256: server,
  });
export const invalidChunkSize = (message: string) => e(400, "InvalidChunkSizeError", message);
export const incompleteBody = () => e(400, "IncompleteBody", "You did not provide the number of bytes specified by the Content-Length HTTP header.");
export const signatureDoesNotMatch = () =>
  e(403, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided. Check your key and signing method.");
export const entityTooSmall = () => e(400, "EntityTooSmall", "Your proposed upload is smaller than the minimum allowed object size.");
export const invalidPart = (part: number) =>
  e(400, "InvalidPart", "One or more of the specified parts could not be found.  The part may not have been uploaded, or the specified entity tag may not have matched the part's entity tag.", {
    PartNumber: String(part),
  });
export const invalidPartOrder = () => e(400, "InvalidPartOrder", "The list of parts was not in ascending order. Parts must be ordered by part number.");
export const invalidRange = (size: number) =>
  e(416, "InvalidRange", "The requested range is not satisfiable", { ActualObjectSize: String(size) }, { "Content-Range": `bytes */${size}` });
export const preconditionFailed = (condition: string) => e(412, "PreconditionFailed", "At least one of the pre-conditions you specified did not hold", { Condition: condition });
export const conditionalRequestConflict = () =>
  e(409, "ConditionalRequestConflict", "A conflicting conditional operation is currently in progress against this resource. Please try again.");
export const notImplemented = (what: string) => e(501, "NotImplemented", `A header or query you provided implies functionality that is not implemented: ${what}`);
export const missingContentLength = () => e(411, "MissingContentLength", "You must provide the Content-Length HTTP header.");
export const accessDenied = () => e(403, "AccessDenied", "Access Denied");
/** a CORS preflight on a bucket with no CORS configuration (S3's answer) */
export const corsNotEnabled = () => e(403, "AccessForbidden", "CORSResponse: CORS is not enabled for this bucket.");
export const badRequest = (message: string) => e(400, "BadRequest", message);
export const keyTooLong = () => e(400, "KeyTooLongError", "Your key is too long");
export const metadataTooLarge = () => e(400, "MetadataTooLarge", "Your metadata headers exceed the maximum allowed metadata size.");
export const invalidPartNumber = () => invalidArgument("Part number must be an integer between 1 and 10000, inclusive", "partNumber");
export const invalidPartNumberRange = () => e(416, "InvalidPartNumber", "The requested partnumber is not satisfiable");
export const bucketAlreadyExists = (bucket: string) =>
  e(409, "BucketAlreadyExists", "The requested bucket name is not available. The bucket namespace is shared by all users of the system. Please select a different name and try again.", { BucketName: bucket });
export const invalidTag = (message: string) => e(400, "InvalidTag", message);
