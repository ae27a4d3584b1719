import { XMLParser, XMLValidator } from "fast-xml-parser";
import { xmlOnlyEntityDecoder } from "./decode-entities.js";
import type { XmlElement, XmlNode } from "./xml-element.js";
import { XmlSyntaxError } from "./xml-syntax-error.js";

/** Deeper than any answer the services send; bounds what a hostile answer can make us hold. */
const DEFAULT_MAX_DEPTH = 256;

const TEXT = "#text";
const CDATA = "#cdata";
const ATTRIBUTES = ":@";

/** One node of the parser's `preserveOrder` output: `{ name: children, ":@": attributes }`, `{ "#text": … }` or `{ "#cdata": [{ "#text": … }] }`. */
type OrderedNode = Readonly<Record<string, unknown>>;

/** The validator's error codes, worded without quoting the document. */
const PROBLEMS: Readonly<Record<string, string>> = {
  InvalidTag: "a malformed, mismatched or unclosed tag",
  InvalidAttr: "a malformed attribute",
  InvalidChar: "a character where markup was expected",
  InvalidXml: "not a single XML document",
};

const parsers = new Map<number, XMLParser>();

/**
 * Parses the answer of a service the tools call (PubMed efetch, EPO OPS) into a tree to
 * query, with `fast-xml-parser`: its validator refuses what is not well-formed (mismatched or
 * unclosed tags, stray text, a second root), so a garbage or truncated answer is recognised
 * as such instead of yielding half a result; its parser builds the tree.
 *
 * Configured for answers nobody vouches for: XML's five entities and numeric references are
 * decoded, entities a DOCTYPE declares are never expanded and an external one refuses the
 * document, nesting is bounded by `maxDepth`, and names that could pollute prototypes
 * (`__proto__`, `constructor`) refuse it too. Every refusal is an {@link XmlSyntaxError}.
 * Both passes are iterative, so nesting cannot overflow the stack.
 *
 * @internal
 */
export function parseXml(text: string, maxDepth = DEFAULT_MAX_DEPTH): XmlElement {
  const document = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const verdict = XMLValidator.validate(document);
  if (verdict !== true) {
    throw new XmlSyntaxError(PROBLEMS[verdict.err.code] ?? "malformed XML", {
      line: verdict.err.line,
      column: verdict.err.col,
    });
  }
  // The validator misses text after a root that closes itself (`<a/>junk`), and the parser drops it.
  if (endsInText(document)) throw new XmlSyntaxError("text outside the root element");
  let nodes: readonly OrderedNode[];
  try {
    nodes = parserFor(maxDepth).parse(document) as OrderedNode[];
  } catch (error) {
    // Matched on the parser's wording: its errors carry no code, and their text quotes the document.
    const deep = error instanceof Error && /nested tags/i.test(error.message);
    throw new XmlSyntaxError(
      deep
        ? `nesting deeper than ${maxDepth}`
        : "an external entity, a reserved name or a malformed declaration",
    );
  }
  return rootOf(nodes);
}

function parserFor(maxDepth: number): XMLParser {
  let parser = parsers.get(maxDepth);
  if (parser === undefined) {
    parser = new XMLParser({
      preserveOrder: true,
      ignoreAttributes: false,
      attributeNamePrefix: "",
      cdataPropName: CDATA,
      // Values stay the strings they were: no number guessing, no trimming.
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
      entityDecoder: xmlOnlyEntityDecoder,
      // The parser counts the open ancestors of a new element: the root has none.
      maxNestedTags: maxDepth - 1,
    });
    parsers.set(maxDepth, parser);
  }
  return parser;
}

function rootOf(nodes: readonly OrderedNode[]): XmlElement {
  let root: XmlElement | undefined;
  for (const node of nodes) {
    const name = nameOf(node);
    if (name === TEXT || name === CDATA) {
      if (textOf(node, name).trim() !== "")
        throw new XmlSyntaxError("text outside the root element");
    } else if (root !== undefined) {
      throw new XmlSyntaxError("a second root element");
    } else {
      root = elementOf(node, name);
    }
  }
  if (root === undefined) throw new XmlSyntaxError("no root element");
  return root;
}

/** Builds the element tree with an explicit stack: depth is bounded, but recursion is not needed. */
function elementOf(node: OrderedNode, name: string): XmlElement {
  const root = shellOf(node, name);
  const pending: {
    readonly source: OrderedNode;
    readonly name: string;
    readonly into: XmlNode[];
  }[] = [{ source: node, name, into: root.children }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const child of next.source[next.name] as readonly OrderedNode[]) {
      const childName = nameOf(child);
      if (childName === TEXT || childName === CDATA) {
        const text = textOf(child, childName);
        if (text !== "") next.into.push(text);
      } else {
        const element = shellOf(child, childName);
        next.into.push(element);
        pending.push({ source: child, name: childName, into: element.children });
      }
    }
  }
  return root;
}

function shellOf(node: OrderedNode, name: string): XmlElement & { readonly children: XmlNode[] } {
  const attributes = (node[ATTRIBUTES] ?? {}) as Readonly<Record<string, unknown>>;
  return {
    name,
    localName: name.slice(name.indexOf(":") + 1),
    attributes: Object.fromEntries(
      Object.entries(attributes).map(([key, value]) => [key, String(value)]),
    ),
    children: [],
  };
}

function nameOf(node: OrderedNode): string {
  const name = Object.keys(node).find((key) => key !== ATTRIBUTES);
  if (name === undefined) throw new XmlSyntaxError("an unnamed node");
  return name;
}

function textOf(node: OrderedNode, kind: string): string {
  const value = node[kind];
  if (kind === TEXT) return String(value);
  return (value as readonly OrderedNode[]).map((part) => String(part[TEXT] ?? "")).join("");
}

/** Whether non-markup text follows the last tag, once trailing comments and processing instructions are set aside. */
function endsInText(document: string): boolean {
  let rest = document.trimEnd();
  for (;;) {
    const opener = rest.endsWith("-->") ? "<!--" : rest.endsWith("?>") ? "<?" : undefined;
    if (opener === undefined) return !rest.endsWith(">");
    const start = rest.lastIndexOf(opener);
    if (start === -1) return true;
    rest = rest.slice(0, start).trimEnd();
  }
}
