// Console actions: os-getConsoleOutput, and the console URLs of 2.1-2.5 (os-getVNCConsole, ...; 404 from
// 2.6, where remote-consoles replaces them).

import { validate } from "../../../../kernel/http/body.js";
import { baseUrl } from "../../../../kernel/http/context.js";
import { itemNotFound } from "../../errors.js";
import { consoleOutput } from "../../operations/server-admin-actions.js";
import { consoleUrl, type ConsoleProtocol } from "../../operations/server-consoles.js";
import { visibleServer } from "../../operations/servers.js";
import { consoleOutputBody } from "../../schemas/server-actions.js";
import { legacyConsoleBody } from "../../schemas/server-actions-extra.js";
import type { ActionFamily, ActionHandler } from "./action.js";

const LEGACY_CONSOLES: Record<string, ConsoleProtocol> = {
  "os-getVNCConsole": "vnc",
  "os-getSPICEConsole": "spice",
  "os-getRDPConsole": "rdp",
  "os-getSerialConsole": "serial",
};

export const consoleActions: ActionFamily = {
  schemas: [consoleOutputBody, ...Object.keys(LEGACY_CONSOLES).map(legacyConsoleBody)],
  handlers: (deps) => {
    const legacyConsole = (key: string): ActionHandler => (c, body, v) => {
      if (v >= 6) throw itemNotFound("The resource could not be found.");
      const type = (validate(legacyConsoleBody(key), body)[key] as { type: string }).type;
      const server = visibleServer(deps.state(), deps.caller(c), c.req.param("id")!);
      const protocol = LEGACY_CONSOLES[key];
      const url = consoleUrl(deps.kernel, server, protocol, type, baseUrl(c), `get_${protocol}_console`);
      return c.json({ console: { type, url } });
    };
    return {
      "os-getConsoleOutput": (c, body) => {
        const { "os-getConsoleOutput": r } = validate(consoleOutputBody, body);
        const output = consoleOutput(visibleServer(deps.state(), deps.caller(c), c.req.param("id")!), r.length);
        return c.json({ output });
      },
      ...Object.fromEntries(Object.keys(LEGACY_CONSOLES).map((key) => [key, legacyConsole(key)])),
    };
  },
};
