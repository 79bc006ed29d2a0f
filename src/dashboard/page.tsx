/** @jsxImportSource hono/jsx */
// The dashboard's one HTML page (Hono JSX): the navigation, every view's headings, forms and empty tables.
// The script (client/) fills the tables from the control API and the services' APIs and shows one view
// at a time (the URL's #fragment); every form control here has its label.

import type { Child } from "hono/jsx";

export interface ServiceLink {
  name: string;
  path: string;
}

const VIEWS = [
  ["overview", "Overview"],
  ["resources", "Resources"],
  ["notifications", "Instance-HA notifications"],
  ["chaos", "Chaos"],
  ["journals", "Journals"],
] as const;

const STATUSES = ["new", "running", "finished", "error", "failed", "ignored"];

function Field(props: { id: string; label: string; children: Child }) {
  return (
    <label for={props.id}>
      {props.label}
      {props.children}
    </label>
  );
}

function Select(props: { id: string; label: string; options?: Array<string | [string, string]>; required?: boolean }) {
  return (
    <Field id={props.id} label={props.label}>
      <select id={props.id} name={props.id} required={props.required}>
        {(props.options ?? []).map((o) => (Array.isArray(o) ? <option value={o[0]}>{o[1]}</option> : <option value={o}>{o}</option>))}
      </select>
    </Field>
  );
}

function Input(props: { id: string; label: string; type?: string; placeholder?: string; value?: string; required?: boolean; min?: string; max?: string; step?: string }) {
  const { label, ...rest } = props;
  return (
    <Field id={props.id} label={label}>
      <input name={props.id} type="text" {...rest} />
    </Field>
  );
}

function Table(props: { id: string; caption: string }) {
  return (
    <table id={props.id}>
      <caption class="muted">{props.caption}</caption>
    </table>
  );
}

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
          <form class="row" id="clock-until-form">
            <Select id="until-type" label="Advance until a resource of type" />
            <Input id="until-id" label="id" required />
            <Input id="until-status" label="shows status" placeholder="ACTIVE" required />
            <button type="submit">Advance until</button>
          </form>
        </div>
        <div class="card">
          <h3>World</h3>
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

function Resources() {
  return (
    <section id="view-resources" aria-labelledby="h-resources" hidden>
      <h2 id="h-resources">Resources</h2>
      <form class="row" id="res-filter">
        <Select id="res-kind" label="Kind" />
        <Select id="res-project" label="Project" options={[["", "any"]]} />
        <Input id="res-status" label="Status" placeholder="any" />
      </form>
      <Table id="res-table" caption="The kind's resources; the table follows changes as they happen." />
    </section>
  );
}

function Notifications() {
  return (
    <section id="view-notifications" aria-labelledby="h-notifications" hidden>
      <h2 id="h-notifications">Instance-HA notifications</h2>
      <div class="card">
        <h3>Create a notification</h3>
        <form class="row" id="nf-create">
          <Select id="nf-type" label="Type" options={["COMPUTE_HOST", "COMPUTE_INSTANCE", "COMPUTE_PROCESS"]} required />
          <Select id="nf-host" label="Host (registered in a segment)" required />
          <Select id="nf-event" label="Event" options={["STOPPED", "STARTED"]} required />
          <Select id="nf-cluster" label="Cluster status" options={["OFFLINE", "ONLINE"]} required />
          <Select id="nf-host-status" label="Host status" options={["NORMAL", "UNKNOWN"]} required />
          <button type="submit">Create</button>
        </form>
        <p id="nf-create-error" class="error" role="alert"></p>
      </div>
      <form class="row" id="nf-filter">
        <Select id="nf-status" label="Status" options={[["", "any"], ...STATUSES]} />
      </form>
      <div class="scroll">
        <Table id="nf-table" caption="Notifications, newest first." />
      </div>
      <div id="nf-detail" class="card" hidden tabindex={-1} aria-labelledby="h-nf-detail">
        <h3 id="h-nf-detail">Notification</h3>
        <dl class="detail" id="nf-detail-fields"></dl>
        <form class="row" id="nf-advance-form">
          <button type="submit">Advance the clock to the end of its recovery</button>
        </form>
        <Table id="nf-tasks" caption="The recovery workflow's tasks." />
        <Table id="nf-vmoves" caption="The servers it moves (vmoves)." />
      </div>
    </section>
  );
}

function Chaos() {
  return (
    <section id="view-chaos" aria-labelledby="h-chaos" hidden>
      <h2 id="h-chaos">Chaos</h2>
      <h3>Compute hosts</h3>
      <Table id="hosts" caption="Fail a host: its service goes down and instance HA is told; recover it to bring it back." />
      <h3>Fault rules</h3>
      <form class="row" id="fault-form">
        <Select id="fault-service" label="Service" required />
        <Select id="fault-operation" label="Operation" />
        <Select id="fault-method" label="Method" options={[["", "any"], "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]} />
        <Input id="fault-path" label="Path glob" placeholder="any" />
        <Select id="fault-effect" label="Effect" options={["error", "latency", "throttle", "false-negative", "reset"]} />
        <Input id="fault-status" label="Status (error)" type="number" value="500" min="400" max="599" />
        <Input id="fault-ms" label="Latency ms" type="number" value="1000" min="0" />
        <Input id="fault-times" label="Times" type="number" min="1" placeholder="always" />
        <button type="submit">Add rule</button>
      </form>
      <p id="fault-error" class="error" role="alert"></p>
      <Table id="faults" caption="Active rules, in match order." />
      <h4>Fired</h4>
      <Table id="fired" caption="Faults that fired, newest first." />
      <h3>Transition overrides</h3>
      <form class="row" id="override-form">
        <Select id="ov-type" label="Lifecycle type" required />
        <Select id="ov-mode" label="Mode" options={["immediate", "delay", "manual", "stick", "redirect"]} />
        <Input id="ov-from" label="From state" placeholder="any" />
        <Input id="ov-after" label="After (delay, redirect)" placeholder="30s" />
        <Input id="ov-to" label="To (redirect)" />
        <button type="submit">Add override</button>
      </form>
      <p id="override-error" class="error" role="alert"></p>
      <Table id="overrides" caption="Overrides of the declared lifecycles." />
    </section>
  );
}

function Journals() {
  return (
    <section id="view-journals" aria-labelledby="h-journals" hidden>
      <h2 id="h-journals">Journals</h2>
      <div class="grid">
        <div>
          <h3>Events</h3>
          <form class="row" id="ev-filter">
            <Input id="ev-type" label="Type (glob)" placeholder="compute.*" />
            <Input id="ev-service" label="Service" />
            <Input id="ev-project" label="Project id" />
            <button type="submit">Apply</button>
          </form>
          <div class="log" tabindex={0} role="region" aria-label="Events journal">
            <Table id="ev-table" caption="Live: newest first." />
          </div>
        </div>
        <div>
          <h3>Requests</h3>
          <form class="row" id="rq-filter">
            <Input id="rq-service" label="Service" />
            <Input id="rq-status" label="Status (404, 5xx)" />
            <Input id="rq-project" label="Project id" />
            <button type="submit">Apply</button>
          </form>
          <div class="log" tabindex={0} role="region" aria-label="Requests journal">
            <Table id="rq-table" caption="Live: newest first. Choose one to see its detail." />
          </div>
          <div id="rq-detail" class="card" hidden tabindex={-1}>
            <h4>Request</h4>
            <dl class="detail" id="rq-detail-fields"></dl>
          </div>
        </div>
      </div>
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
