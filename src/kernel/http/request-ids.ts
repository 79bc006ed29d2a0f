// How a service names its requests: the id the journal records and the response headers that carry it.
// OpenStack's x-openstack-request-id (the default), S3's x-amz-request-id + x-amz-id-2, Swift's X-Trans-Id.

/** The header every OpenStack service returns, and the default style's only one. */
export const REQUEST_ID_HEADER = "x-openstack-request-id";

export interface RequestIdStyle {
  /**
   * This service's id, made from the kernel's next one (`req-` and a uuid: seeded, unique, a counter in its
   * last 12 hex digits), with the headers (lower-case names) that carry it. `now`: virtual epoch ms.
   */
  make(base: string, now: number): { id: string; headers: Record<string, string> };
}

/** `req-<uuid>`, as every OpenStack API service answers it. Declaring it is the same as declaring nothing. */
export const openstackRequestIds: RequestIdStyle = {
  make: (base) => ({ id: base, headers: { [REQUEST_ID_HEADER]: base } }),
};

/** Nova: `req-<uuid>` in x-openstack-request-id and again in x-compute-request-id (its older header). */
export const novaRequestIds: RequestIdStyle = {
  make: (base) => ({ id: base, headers: { [REQUEST_ID_HEADER]: base, "x-compute-request-id": base } }),
};

/** S3: x-amz-request-id, 16 upper-case hex digits, and x-amz-id-2, an opaque base64 host id. */
export const s3RequestIds: RequestIdStyle = {
  make(base) {
    const hex = hexOf(base);
    const id = hex.slice(16).toUpperCase();
    return { id, headers: { "x-amz-request-id": id, "x-amz-id-2": Buffer.from(hex, "hex").toString("base64") } };
  },
};

/**
 * Swift: `tx` + 21 hex digits + `-` + the time in hex seconds (swift.common.utils.generate_trans_id), in
 * X-Trans-Id and again in X-Openstack-Request-Id.
 */
export const swiftRequestIds: RequestIdStyle = {
  make(base, now) {
    const id = `tx${hexOf(base).slice(11)}-${Math.floor(now / 1000).toString(16).padStart(10, "0")}`;
    return { id, headers: { "x-trans-id": id, [REQUEST_ID_HEADER]: id } };
  },
};

/** the 32 hex digits of a kernel request id */
function hexOf(base: string): string {
  return base.slice(4).replaceAll("-", "");
}
