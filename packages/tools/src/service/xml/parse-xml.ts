import { decodeEntities } from "./decode-entities.js";
import type { XmlElement, XmlNode } from "./xml-element.js";
import { XmlSyntaxError } from "./xml-syntax-error.js";

const NAME = String.raw`[A-Za-z_][\w.:-]*`;
const START_TAG = new RegExp(String.raw`<(${NAME})((?:\s+${NAME}\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(/?)>`, "y");
const END_TAG = new RegExp(String.raw`</(${NAME})\s*>`, "y");
const ATTRIBUTE = new RegExp(String.raw`(${NAME})\s*=\s*(?:"([^"]*)"|'([^']*)')`, "g");

/** Deeper than any answer the services send; bounds what a hostile answer can make us hold. */
const DEFAULT_MAX_DEPTH = 256;

interface OpenElement {
  readonly name: string;
  readonly localName: string;
  readonly attributes: Record<string, string>;
  readonly children: XmlNode[];
}

/**
 * A small, strict, non-validating XML parser for the answers of the services the tools call
 * (PubMed efetch, EPO OPS): elements, attributes, text, CDATA, comments, processing
 * instructions and a DOCTYPE (skipped, never fetched or expanded). Mismatched or unclosed
 * tags, text outside the root and a second root are refused with an {@link XmlSyntaxError},
 * so a garbage or truncated answer is recognised as such instead of yielding half a result.
 *
 * Written here rather than taken from a library because the answers are small and regular and
 * the tools need only a tree to query; it is iterative, so deep nesting cannot overflow the stack.
 *
 * @internal
 */
export function parseXml(text: string, maxDepth = DEFAULT_MAX_DEPTH): XmlElement {
  const stack: OpenElement[] = [];
  let root: OpenElement | undefined;
  let position = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const addText = (content: string, at: number): void => {
    const parent = stack.at(-1);
    if (parent === undefined) {
      if (content.trim() !== "") throw new XmlSyntaxError("text outside the root element", at);
      return;
    }
    if (content !== "") parent.children.push(content);
  };
  const skipPast = (terminator: string, from: number, what: string): number => {
    const end = text.indexOf(terminator, from);
    if (end === -1) throw new XmlSyntaxError(`unterminated ${what}`, from);
    return end + terminator.length;
  };

  while (position < text.length) {
    const open = text.indexOf("<", position);
    const textEnd = open === -1 ? text.length : open;
    if (textEnd > position) addText(decodeEntities(text.slice(position, textEnd)), position);
    if (open === -1) break;
    position = open;
    if (text.startsWith("<!--", position)) {
      position = skipPast("-->", position + 4, "comment");
    } else if (text.startsWith("<![CDATA[", position)) {
      const end = skipPast("]]>", position + 9, "CDATA section");
      addText(text.slice(position + 9, end - 3), position);
      position = end;
    } else if (text.startsWith("<?", position)) {
      position = skipPast("?>", position + 2, "processing instruction");
    } else if (text.startsWith("<!DOCTYPE", position)) {
      position = skipDoctype(text, position);
    } else if (text.startsWith("</", position)) {
      END_TAG.lastIndex = position;
      const match = END_TAG.exec(text);
      const closing = stack.pop();
      if (match === null || closing === undefined || closing.name !== match[1]) throw new XmlSyntaxError("unexpected closing tag", position);
      position = END_TAG.lastIndex;
    } else {
      START_TAG.lastIndex = position;
      const match = START_TAG.exec(text);
      if (match === null) throw new XmlSyntaxError("malformed tag", position);
      const name = match[1]!;
      const element: OpenElement = { name, localName: name.slice(name.indexOf(":") + 1), attributes: parseAttributes(match[2] ?? ""), children: [] };
      const parent = stack.at(-1);
      if (parent !== undefined) parent.children.push(element);
      else if (root === undefined) root = element;
      else throw new XmlSyntaxError("a second root element", position);
      if (match[3] !== "/") {
        stack.push(element);
        if (stack.length > maxDepth) throw new XmlSyntaxError(`nesting deeper than ${maxDepth}`, position);
      }
      position = START_TAG.lastIndex;
    }
  }
  if (stack.length > 0) throw new XmlSyntaxError("unclosed element", text.length);
  if (root === undefined) throw new XmlSyntaxError("no root element", text.length);
  return root;
}

function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    attributes[match[1]!] = decodeEntities(match[2] ?? match[3] ?? "");
  }
  return attributes;
}

/** Skips `<!DOCTYPE ...>`, including an internal subset in brackets (which may hold `>`). */
function skipDoctype(text: string, from: number): number {
  const bracket = text.indexOf("[", from);
  const close = text.indexOf(">", from);
  if (close === -1) throw new XmlSyntaxError("unterminated DOCTYPE", from);
  if (bracket === -1 || bracket > close) return close + 1;
  const subsetEnd = text.indexOf("]", bracket);
  const end = subsetEnd === -1 ? -1 : text.indexOf(">", subsetEnd);
  if (end === -1) throw new XmlSyntaxError("unterminated DOCTYPE", from);
  return end + 1;
}
