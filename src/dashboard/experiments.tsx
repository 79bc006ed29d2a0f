/** @jsxImportSource hono/jsx */
// The dashboard's Experiments view (the script's client/experiments.ts fills it): a form running a chaos
// experiment document (JSON), the runs with their verdicts, and the chosen run's timeline picture.

import { Field, Input, Table } from "./controls.js";

export function Experiments() {
  return (
    <section id="view-experiments" aria-labelledby="h-experiments" hidden>
      <h2 id="h-experiments">Experiments</h2>
      <div class="card">
        <h3>Run an experiment</h3>
        <form id="ex-run">
          <Field id="ex-doc" label="Experiment document (JSON: title, steady-state-hypothesis, method, rollbacks)">
            <textarea id="ex-doc" name="ex-doc" rows={8} required spellcheck={false}></textarea>
          </Field>
          <div class="row">
            <Input id="ex-world" label="World (scenario; empty: the seed world)" placeholder="ha-cluster" />
            <Input id="ex-seed" label="Seed" type="number" step="1" />
            <button type="submit">Run</button>
          </div>
        </form>
        <p id="ex-run-error" class="error" role="alert"></p>
      </div>
      <div class="scroll">
        <Table id="ex-table" caption="The experiments run (the last 50), newest first, each with its verdict." />
      </div>
      <div id="ex-timeline" class="card experiment" hidden aria-live="polite"></div>
    </section>
  );
}
