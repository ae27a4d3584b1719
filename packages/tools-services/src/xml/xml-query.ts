import type { XmlElement } from "./xml-element.js";

/**
 * Reading helpers over a parsed {@link XmlElement}, by local name (namespace prefixes vary
 * between services and versions; the local names are what the formats document).
 *
 * @internal
 */
export const XmlQuery = {
  /** The direct child elements, optionally only those with `localName`. */
  children(element: XmlElement, localName?: string): XmlElement[] {
    const found: XmlElement[] = [];
    for (const child of element.children) {
      if (typeof child !== "string" && (localName === undefined || child.localName === localName))
        found.push(child);
    }
    return found;
  },

  /** The first direct child element with `localName`. */
  child(element: XmlElement, localName: string): XmlElement | undefined {
    return XmlQuery.children(element, localName)[0];
  },

  /** Follows a path of direct children, first match at each step. */
  path(element: XmlElement | undefined, ...localNames: string[]): XmlElement | undefined {
    let current = element;
    for (const localName of localNames)
      current = current === undefined ? undefined : XmlQuery.child(current, localName);
    return current;
  },

  /** Every descendant element with `localName`, in document order (iterative: no recursion limit). */
  descendants(element: XmlElement, localName: string): XmlElement[] {
    const found: XmlElement[] = [];
    const pending: XmlElement[] = [...XmlQuery.children(element)].reverse();
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (next.localName === localName) found.push(next);
      pending.push(...XmlQuery.children(next).reverse());
    }
    return found;
  },

  /** All the text inside `element`, inline markup (`<i>`, `<sup>`) dropped, whitespace collapsed. */
  text(element: XmlElement | undefined): string {
    if (element === undefined) return "";
    const parts: string[] = [];
    const pending: (XmlElement | string)[] = [element];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (typeof next === "string") parts.push(next);
      else pending.push(...[...next.children].reverse());
    }
    return parts.join("").replace(/\s+/g, " ").trim();
  },
} as const;
