import { parseXml } from "./parse-xml.js";
import type { XmlElement } from "./xml-element.js";

/**
 * The root element of a service's answer when the answer is a well-formed XML document whose
 * root has `localName`; `undefined` for anything else (garbage, a truncated document, an HTML
 * error page, an error document of another shape), which the tool reports as unreadable.
 *
 * @internal
 */
export function readXmlRoot(text: string, localName: string): XmlElement | undefined {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch {
    // Whatever the parser refused, the answer is unreadable; the reason is not the caller's to act on.
    return undefined;
  }
  return root.localName === localName ? root : undefined;
}
