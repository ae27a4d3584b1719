/** A node of a parsed XML document: an element, or a run of (decoded) text. */
export type XmlNode = XmlElement | string;

/**
 * An element of a parsed XML document. Services put namespace prefixes on some elements
 * (`ftxt:fulltext-document`), so queries go by `localName`.
 *
 * @internal
 */
export interface XmlElement {
  /** The qualified name as written, e.g. `ops:world-patent-data`. */
  readonly name: string;
  /** The name without its prefix, e.g. `world-patent-data`. */
  readonly localName: string;
  /** Attributes by qualified name, values decoded. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlNode[];
}
