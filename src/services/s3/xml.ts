// The little XML S3 speaks: documents built from nested element lists (escaped). The bodies it reads are
// parsed by xml-reader.ts.

import { escapeMarkup } from "../../kernel/http/render.js";

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
