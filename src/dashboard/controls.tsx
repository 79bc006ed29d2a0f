/** @jsxImportSource hono/jsx */
// The dashboard page's form controls and tables: every control inside its label, every table captioned.

import type { Child } from "hono/jsx";

export function Field(props: { id: string; label: string; children: Child }) {
  return (
    <label for={props.id}>
      {props.label}
      {props.children}
    </label>
  );
}

export function Select(props: { id: string; label: string; options?: Array<string | [string, string]>; required?: boolean }) {
  return (
    <Field id={props.id} label={props.label}>
      <select id={props.id} name={props.id} required={props.required}>
        {(props.options ?? []).map((o) => (Array.isArray(o) ? <option value={o[0]}>{o[1]}</option> : <option value={o}>{o}</option>))}
      </select>
    </Field>
  );
}

export function Input(props: { id: string; label: string; type?: string; placeholder?: string; value?: string; required?: boolean; min?: string; max?: string; step?: string }) {
  const { label, ...rest } = props;
  return (
    <Field id={props.id} label={label}>
      <input name={props.id} type="text" {...rest} />
    </Field>
  );
}

export function Table(props: { id: string; caption: string }) {
  return (
    <table id={props.id}>
      <caption class="muted">{props.caption}</caption>
    </table>
  );
}
