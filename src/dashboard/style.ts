// The dashboard's style sheet: system fonts, readable contrast (axe-core checks it), visible focus.

export const STYLE = `
:root { color-scheme: light; --fg: #1b1f24; --muted: #4a5360; --line: #c9d1d9; --accent: #0b5cad; --bad: #a4161a; --ok: #1a6b2f; --bg2: #f3f5f8; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: #fff; }
header { display: flex; align-items: center; gap: 1.5rem; padding: .5rem 1rem; background: #17202b; color: #fff; }
header h1 { font-size: 1.1rem; margin: 0; }
nav ul { display: flex; gap: .25rem; list-style: none; margin: 0; padding: 0; flex-wrap: wrap; }
nav a { color: #fff; text-decoration: none; padding: .35rem .7rem; border-radius: 4px; display: inline-block; }
nav a[aria-current="page"] { background: #0b5cad; }
nav a:hover { text-decoration: underline; }
main { padding: 1rem; max-width: 1400px; }
section[hidden] { display: none; }
h2 { font-size: 1.25rem; margin: .25rem 0 .75rem; }
h3 { font-size: 1.05rem; margin: 1.25rem 0 .5rem; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(340px, 1fr)); gap: 1rem; }
.grid > *, .scroll { min-width: 0; overflow-x: auto; }
.card { border: 1px solid var(--line); border-radius: 6px; padding: .75rem 1rem; }
table { border-collapse: collapse; width: 100%; margin: .25rem 0; }
th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--bg2); font-weight: 600; }
td code, dd code { font-size: 12px; }
form.row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: flex-end; margin: .5rem 0; }
form.row label, .field { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); gap: .15rem; }
input, select, button { font: inherit; padding: .3rem .5rem; border: 1px solid #8a96a3; border-radius: 4px; background: #fff; color: var(--fg); }
button { background: var(--accent); color: #fff; border-color: var(--accent); cursor: pointer; }
button.secondary { background: #fff; color: var(--accent); }
button.danger { background: var(--bad); border-color: var(--bad); }
:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
.status-ok, .state-up { color: var(--ok); font-weight: 600; }
.status-bad, .state-down { color: var(--bad); font-weight: 600; }
.muted { color: var(--muted); }
#toast { min-height: 1.5rem; margin: 0 0 .5rem; }
.error { color: var(--bad); }
.log { max-height: 420px; overflow: auto; }
dl.detail { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; }
dl.detail dt { font-weight: 600; }
dl.detail dd { margin: 0; }
dialog { border: 1px solid var(--line); border-radius: 6px; }
`;
