// The request bodies S3 reads (Delete, CompleteMultipartUpload, CreateBucketConfiguration) parsed into a
// tree of elements: attributes, comments, processing instructions and the prolog skipped, CDATA kept as
// text, a DOCTYPE refused (no entities but XML's five). Anything not well formed is S3's MalformedXML.
// One pass, each character looked at a bounded number of times, so a hostile body (runs of `<?`, `<!--`
// or `<![CDATA[` never closed, deep nesting, huge names) is refused as fast as a good one is read.

import { malformedXml } from "./errors.js";

export interface Element {
  name: string;
  text: string;
  children: readonly Element[];
}

/** S3's documents nest four levels; past this a body is no S3 request. */
export const MAX_DEPTH = 32;
/** S3's element names are a few dozen characters. */
export const MAX_NAME = 256;

/** S3's clients put an xmlns on the root at most. */
export const MAX_ATTRIBUTES = 16;

/** Characters XML 1.0 allows anywhere (a lone surrogate, NUL and most C0 controls are not). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const ENTITIES = new Map([["amp", "&"], ["lt", "<"], ["gt", ">"], ["quot", '"'], ["apos", "'"]]);
const REFERENCE = /&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z]{1,8}));/y;
/** the children of an element that has none (most): one shared array, not one each */
const NONE: readonly Element[] = Object.freeze([]);

/**
 * Parses a body into its root element. `maxElements`: how many elements the document may hold (what its
 * route allows: 1,000 objects to delete, 10,000 parts to complete), so a body of valid XML takes no longer
 * than the largest the route accepts.
 */
export function parseXml(text: string, maxElements: number): Element {
  if (NOT_XML_CHAR.test(text)) throw malformedXml();
  return new Reader(text, maxElements).document();
}

class Reader {
  at = 0;
  readonly stack: Element[] = [];
  root: Element | undefined;
  elements = 0;

  constructor(
    readonly text: string,
    readonly maxElements: number,
  ) {}

  document(): Element {
    const { text } = this;
    while (this.at < text.length) {
      const lt = text.indexOf("<", this.at);
      const end = lt < 0 ? text.length : lt;
      if (end > this.at) this.content(end);
      if (lt < 0) break;
      if (text.startsWith("<?", lt)) this.at = this.past(lt + 2, "?>");
      else if (text.startsWith("<!--", lt)) this.at = this.past(lt + 4, "-->");
      else if (text.startsWith("<![CDATA[", lt)) {
        this.at = this.past(lt + 9, "]]>");
        this.open().text += text.slice(lt + 9, this.at - 3);
      } else if (text.charCodeAt(lt + 1) === SLASH) this.endTag(lt + 2);
      else this.startTag(lt + 1);
    }
    if (this.stack.length || !this.root) throw malformedXml();
    return this.root;
  }

  /** The element text goes into; text (other than white space) or CDATA outside the root is refused. */
  open(): Element {
    const open = this.stack[this.stack.length - 1];
    if (!open) throw malformedXml();
    return open;
  }

  /**
   * Past the `close` of a construct whose body starts at `from`. One search per construct, and one never
   * closed ends the parse, so the searches are linear together.
   */
  past(from: number, close: string): number {
    const found = this.text.indexOf(close, from);
    if (found < 0) throw malformedXml();
    return found + close.length;
  }

  /** A name from `from`, namespace prefix dropped; `this.at` is then past it. */
  name(from: number): string {
    this.skipName(from);
    const qualified = this.text.slice(from, this.at);
    return qualified.slice(qualified.indexOf(":") + 1);
  }

  /** Past a name (at most MAX_NAME long) from `from`. */
  skipName(from: number): void {
    const { text } = this;
    let at = from;
    if (!isNameStart(text.charCodeAt(at))) throw malformedXml();
    while (isNameChar(text.charCodeAt(at)) && at - from <= MAX_NAME) at++;
    if (at - from > MAX_NAME) throw malformedXml();
    this.at = at;
  }

  endTag(from: number): void {
    const name = this.name(from);
    this.skipSpace();
    const open = this.stack.pop();
    if (this.text.charCodeAt(this.at) !== GT || !open || open.name !== name) throw malformedXml();
    this.at++;
    if (!this.stack.length) this.root = open;
  }

  startTag(from: number): void {
    const name = this.name(from);
    this.skipAttributes();
    const empty = this.text.charCodeAt(this.at) === SLASH;
    if (empty) this.at++;
    if (this.text.charCodeAt(this.at) !== GT || this.root || ++this.elements > this.maxElements) throw malformedXml();
    this.at++;
    const element: Element = { name, text: "", children: NONE };
    const parent = this.stack[this.stack.length - 1];
    if (parent) {
      if (parent.children === NONE) parent.children = [];
      (parent.children as Element[]).push(element);
    }
    if (empty) {
      if (!parent) this.root = element;
    } else {
      if (this.stack.length >= MAX_DEPTH) throw malformedXml();
      this.stack.push(element);
    }
  }

  /**
   * Past a start tag's attributes (`name="value"` or `name='value'`, each after white space), which S3 reads
   * none of (its clients send an xmlns at most).
   */
  skipAttributes(): void {
    const { text } = this;
    for (let count = 0; ; count++) {
      const before = this.at;
      this.skipSpace();
      const c = text.charCodeAt(this.at);
      if (c === GT || c === SLASH || Number.isNaN(c)) return;
      if (this.at === before || count === MAX_ATTRIBUTES) throw malformedXml();
      this.skipName(this.at);
      this.skipSpace();
      if (text.charCodeAt(this.at) !== EQUALS) throw malformedXml();
      this.at++;
      this.skipSpace();
      const quote = text.charCodeAt(this.at);
      if (quote !== QUOTE && quote !== APOSTROPHE) throw malformedXml();
      const close = text.indexOf(quote === QUOTE ? '"' : "'", this.at + 1);
      if (close < 0 || text.slice(this.at + 1, close).includes("<")) throw malformedXml();
      this.at = close + 1;
    }
  }

  skipSpace(): void {
    const { text } = this;
    let c = text.charCodeAt(this.at);
    while (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) c = text.charCodeAt(++this.at);
  }

  /** Text up to `end`: an element's content (references resolved), or only white space outside the root. */
  content(end: number): void {
    const raw = this.text.slice(this.at, end);
    this.at = end;
    if (!this.stack.length) {
      if (raw.trim()) throw malformedXml();
      return;
    }
    // searched within this text only: a search running on to the body's end would make the parse quadratic
    let out = "";
    let at = 0;
    for (let amp = raw.indexOf("&"); amp >= 0; amp = raw.indexOf("&", at)) {
      out += raw.slice(at, amp);
      REFERENCE.lastIndex = amp;
      const m = REFERENCE.exec(raw);
      if (!m) throw malformedXml();
      out += referenced(m);
      at = REFERENCE.lastIndex;
    }
    this.open().text += out + raw.slice(at);
  }
}

/** The character a reference stands for; one XML does not allow (`&#0;`, a lone surrogate) is refused. */
function referenced(m: RegExpExecArray): string {
  if (m[3] !== undefined) {
    const named = ENTITIES.get(m[3]);
    if (named === undefined) throw malformedXml();
    return named;
  }
  const code = m[1] !== undefined ? parseInt(m[1], 16) : parseInt(m[2]!, 10);
  if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw malformedXml();
  const char = String.fromCodePoint(code);
  if (NOT_XML_CHAR.test(char)) throw malformedXml();
  return char;
}

const [SLASH, GT, EQUALS, QUOTE, APOSTROPHE] = [0x2f, 0x3e, 0x3d, 0x22, 0x27];
/** ASCII letters, `_`, `:`, and anything past ASCII (XML allows most of it in names). */
const isNameStart = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a || c >= 0x80;
const isNameChar = (c: number) => isNameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e;

export const child = (el: Element, name: string) => el.children.find((c) => c.name === name);
export const childrenNamed = (el: Element, name: string) => el.children.filter((c) => c.name === name);
