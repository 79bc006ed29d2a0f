// The little XML S3 speaks: documents built from nested element lists (escaped), and the request bodies it
// reads (Delete, CompleteMultipartUpload, CreateBucketConfiguration) parsed into a tree. Bodies are small
// (the route's JSON limit), elements only: attributes, comments and the prolog are skipped.

import { escapeMarkup } from "../../kernel/http/render.js";
import { malformedXml } from "./errors.js";

export const S3_NS = "http://s3.amazonaws.com/doc/2006-03-01/";

/** An element: its name and either text or children (undefined/false children are left out). */
export type Node = [name: string, content: string | number | boolean | ReadonlyArray<Node | undefined | false>];

function write(node: Node): string {
  const [name, content] = node;
  if (typeof content !== "object") return `<${name}>${escapeMarkup(String(content))}</${name}>`;
  let inner = "";
  for (const child of content) if (child) inner += write(child);
  return `<${name}>${inner}</${name}>`;
}

/** A whole document: the prolog and the root element in S3's namespace. */
export function xmlDocument(root: string, children: ReadonlyArray<Node | undefined | false>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${write([root, children]).replace(`<${root}>`, `<${root} xmlns="${S3_NS}">`)}`;
}

export interface Element {
  name: string;
  text: string;
  children: Element[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function unescape(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref] ?? whole;
  });
}

/** Parses a body into its root element; anything not well formed is S3's MalformedXML. */
export function parseXml(text: string): Element {
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>/g;
  const stack: Element[] = [];
  let root: Element | undefined;
  let last = 0;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    const between = text.slice(last, m.index);
    if (between.includes("<")) throw malformedXml();
    if (stack.length) stack[stack.length - 1]!.text += unescape(between);
    else if (between.trim()) throw malformedXml();
    last = tag.lastIndex;
    if (m[5] !== undefined) {
      if (!stack.length) throw malformedXml();
      stack[stack.length - 1]!.text += m[5];
      continue;
    }
    if (m[2] === undefined) continue; // prolog or comment
    const name = m[2].includes(":") ? m[2].slice(m[2].indexOf(":") + 1) : m[2];
    if (m[1]) {
      const open = stack.pop();
      if (!open || open.name !== name) throw malformedXml();
      if (!stack.length) root = open;
      continue;
    }
    if (root || (!stack.length && root)) throw malformedXml();
    const element: Element = { name, text: "", children: [] };
    if (stack.length) stack[stack.length - 1]!.children.push(element);
    if (m[4]) {
      if (!stack.length) root = element;
    } else stack.push(element);
  }
  if (stack.length || !root || text.slice(last).trim()) throw malformedXml();
  return root;
}

export const child = (el: Element, name: string) => el.children.find((c) => c.name === name);
export const childrenNamed = (el: Element, name: string) => el.children.filter((c) => c.name === name);
