/** @jsxImportSource hono/jsx */
// The dashboard's one HTML page (Hono JSX): the navigation, the Overview, the other views (sections.tsx)
// and the token dialog. The script (client/) fills the tables from the control API and the services' APIs
// and shows one view at a time (the URL's #fragment).

import { Field, Input, Select, Table } from "./controls.js";
import { Chaos, Journals, Notifications, Resources } from "./sections.js";
import { Experiments } from "./experiments.js";

export interface ServiceLink {
  name: string;
  path: string;
}

const VIEWS = [
  ["overview", "Overview"],
  ["resources", "Resources"],
  ["notifications", "Instance-HA notifications"],
  ["chaos", "Chaos"],
  ["experiments", "Experiments"],
  ["journals", "Journals"],
] as const;

function Overview(props: { services: ServiceLink[] }) {
  return (
    <section id="view-overview" aria-labelledby="h-overview">
      <h2 id="h-overview">Overview</h2>
      <div class="grid">
        <div class="card">
          <h3>Virtual clock</h3>
          <p>
            <output id="clock-now">…</output> <span id="clock-mode" class="muted"></span>
          </p>
          <form class="row" id="clock-freeze-form">
            <button type="submit" id="clock-freeze">Freeze</button>
          </form>
          <form class="row" id="clock-factor-form">
            <Input id="clock-factor" label="Speed factor" type="number" min="0.001" step="any" required />
            <button type="submit">Set factor</button>
          </form>
          <form class="row" id="clock-advance-form">
            <Input id="clock-advance" label="Advance by (ms, 90s, 5m, 2h, 1d)" placeholder="5m" required />
            <button type="submit">Advance</button>
          </form>
          <form class="row" id="clock-idle-form">
            <button type="submit">Advance until idle</button>
            <span class="muted">runs every planned step (builds, recoveries) until none is left</span>
          </form>
          <form class="row" id="clock-until-form">
            <Select id="until-type" label="Advance until a resource of type" />
            <Input id="until-id" label="id" required />
            <Input id="until-status" label="shows status" placeholder="ACTIVE" required />
            <button type="submit">Advance until</button>
          </form>
        </div>
        <div class="card">
          <h3>World</h3>
          <p>
            Seed world in use: <output id="seed-in-use" aria-live="polite"></output>
          </p>
          <form class="row" id="seed-form">
            <Select id="seed-scenario" label="Seed world (scenario)" />
            <button type="submit">Load scenario</button>
          </form>
          <form class="row" id="reset-form">
            <Select id="reset-project" label="Reset" options={[["", "everything (the seed world)"]]} />
            <button type="submit" class="danger">Reset</button>
          </form>
          <form class="row" id="export-form">
            <button type="submit" id="export-state">Export state (download)</button>
          </form>
          <form class="row" id="import-form">
            <Field id="import-file" label="Import a snapshot (JSON)">
              <input type="file" id="import-file" name="import-file" accept="application/json,.json" required />
            </Field>
            <button type="submit">Import</button>
          </form>
          <p id="import-error" class="error" role="alert"></p>
        </div>
      </div>
      <h3>Services</h3>
      <table id="health">
        <caption class="muted">Each mounted service, where its API is, and its health.</caption>
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col">Path</th>
            <th scope="col">Health</th>
          </tr>
        </thead>
        <tbody>
          {props.services.map((s) => (
            <tr data-service={s.name}>
              <td>{s.name}</td>
              <td>
                <code>{s.path}</code>
              </td>
              <td class="health">…</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Resources</h3>
      <Table id="kinds" caption="Every kind of resource the services declare, with its count." />
    </section>
  );
}

export function renderPage(services: ServiceLink[]): string {
  const page = (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>skymock dashboard</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="/dashboard/app.css" />
        <script src="/dashboard/app.js" defer></script>
      </head>
      <body>
        <header>
          <h1>skymock</h1>
          <nav aria-label="Views">
            <ul>
              {VIEWS.map(([id, label]) => (
                <li>
                  <a href={`#${id}`} data-view={id}>
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        <main>
          <p id="toast" role="status" aria-live="polite"></p>
          <Overview services={services} />
          <Resources />
          <Notifications />
          <Chaos />
          <Experiments />
          <Journals />
        </main>
        <dialog id="token-dialog" aria-labelledby="h-token">
          <form method="dialog" id="token-form">
            <h2 id="h-token">Control token</h2>
            <p>This emulator was started with --control-token: the control API asks for it.</p>
            <p id="token-error" class="error" role="alert"></p>
            <Field id="token-input" label="Control token">
              <input type="password" id="token-input" name="token" autocomplete="off" required />
            </Field>
            <p>
              <button type="submit">Use this token</button>
            </p>
          </form>
        </dialog>
      </body>
    </html>
  );
  return `<!doctype html>\n${page.toString()}`;
}
