// The node server's lightweight Response class, in the bundle only: scripts/build-patches.mjs exports it
// from @hono/node-server. A response built with it over a socket is written by the server as it is, and the
// server (patched to read web globals on first use) never makes a web Response, Request or Headers for a
// request that does not ask for one: a process that only serves HTTP never loads Node's fetch stack (undici,
// about 45 ms of a start and 13 MiB of RSS). From source (vitest, tsx) the published package has no such
// export; the server then replaces the global Response with that class when it listens, as it always did.

import * as nodeServer from "@hono/node-server";

export const LightweightResponse: typeof Response | undefined = (nodeServer as { LightweightResponse?: typeof Response }).LightweightResponse;
