/** @jsxImportSource hono/jsx */
// The dashboard page's views but the Overview (page.tsx): their forms and empty tables, which the script
// (client/) fills.

import { Input, Select, Table } from "./controls.js";

const STATUSES = ["new", "running", "finished", "error", "failed", "ignored"];

export function Resources() {
  return (
    <section id="view-resources" aria-labelledby="h-resources" hidden>
      <h2 id="h-resources">Resources</h2>
      <form class="row" id="res-filter">
        <Select id="res-kind" label="Kind" />
        <Select id="res-project" label="Project" options={[["", "any"]]} />
        <Input id="res-status" label="Status" placeholder="any" />
      </form>
      <div class="scroll">
        <Table id="res-table" caption="The kind's resources; the table follows changes as they happen. Show one for its detail." />
      </div>
      <div id="res-detail" class="card" hidden tabindex={-1} aria-labelledby="h-res-detail">
        <h3 id="h-res-detail">Resource</h3>
        <div id="res-detail-body"></div>
        <p>
          <button type="button" class="secondary" id="res-detail-close">
            Close the detail
          </button>
        </p>
      </div>
    </section>
  );
}

export function Notifications() {
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
          <Input id="nf-instance" label="Instance UUID" placeholder="optional" />
          <Select id="nf-vir-event" label="Domain event (Masakari's VM)" options={[["", "none (the spec's shape)"], "STOPPED_FAILED", "IO_ERROR_REPORT"]} />
          <Input id="nf-process" label="Process name" placeholder="nova-compute" />
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

export function Chaos() {
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
      <Table id="pending" caption="Planned lifecycle steps; a manual one waits for its Step." />
    </section>
  );
}

export function Journals() {
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
            <Select id="rq-method" label="Method" options={[["", "any"], "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]} />
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
