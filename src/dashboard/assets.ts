// What /dashboard serves: the page's HTML, its script and its style, each made once. The script is the
// client modules' functions as source text (Function.prototype.toString): typed and checked with the rest
// of src/, bundled by the existing build, and self-contained (each takes what it uses as its argument).

import { renderPage, type ServiceLink } from "./page.js";
import { core } from "./client/core.js";
import { overviewView } from "./client/overview.js";
import { resourcesView } from "./client/resources.js";
import { notificationsView } from "./client/notifications.js";
import { chaosView } from "./client/chaos.js";
import { journalsView } from "./client/journals.js";
import { experimentsView } from "./client/experiments.js";
import { STYLE as BASE_STYLE } from "./style.js";

/** the experiment timeline's verdict, as the timeline page shows it (its drawing styles itself) */
export const STYLE = `${BASE_STYLE}.experiment .verdict { font-size: 1.05rem; padding: .5rem .75rem; border-left: .35rem solid var(--ok); background: #f1f8e9; }
.experiment .verdict.broken { border-color: var(--bad); background: #ffebee; }
.experiment h1 { font-size: 1.15rem; margin: .25rem 0 .5rem; }
.experiment svg { max-width: 100%; height: auto; }
#ex-doc { width: 100%; font: 12px/1.4 ui-monospace, monospace; }
`;

let html: string | undefined;
let js: string | undefined;

export const page = (services: ServiceLink[]): string => (html ??= renderPage(services));

export function script(): string {
  const views = [overviewView, resourcesView, notificationsView, chaosView, experimentsView, journalsView].map((view) => `(${view.toString()})(ui);`);
  // a transpiler with keepNames (tsx) wraps functions in __name(): an identity here
  js ??= `"use strict";\n(() => {\nconst __name = (f) => f;\nconst ui = (${core.toString()})();\n${views.join("\n")}\nui.start();\n})();\n`;
  return js;
}
