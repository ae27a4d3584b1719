import { readXmlRoot } from "../xml/read-xml-root.js";
import type { XmlElement } from "../xml/xml-element.js";
import { XmlQuery } from "../xml/xml-query.js";

/** What an OPS claims answer holds. */
export type OpsClaims =
  | { readonly kind: "claims"; readonly language: string; readonly claims: readonly string[] }
  /** A readable answer without any claim text. */
  | { readonly kind: "none" };

/**
 * Reads an OPS v3.2 claims answer (`ops:world-patent-data` with `<claims lang="..">` per
 * language, each `<claim>` holding one `<claim-text>` per claim) into the English claims, or
 * the first language given when there is no English. `undefined` when the answer is not a
 * readable `world-patent-data` document.
 *
 * @internal
 */
export function parseOpsClaims(xml: string): OpsClaims | undefined {
  const root = readXmlRoot(xml, "world-patent-data");
  if (root === undefined) return undefined;
  const sets = XmlQuery.descendants(root, "claims");
  const chosen = sets.find((set) => set.attributes.lang?.toUpperCase() === "EN") ?? sets[0];
  if (chosen === undefined) return { kind: "none" };
  const claims = XmlQuery.children(chosen, "claim")
    .flatMap(claimTexts)
    .filter((text) => text !== "");
  if (claims.length === 0) return { kind: "none" };
  return { kind: "claims", language: chosen.attributes.lang?.toUpperCase() ?? "UNKNOWN", claims };
}

/** One text per claim: each direct `<claim-text>` (nested ones are sub-paragraphs of it). */
function claimTexts(claim: XmlElement): string[] {
  const texts = XmlQuery.children(claim, "claim-text");
  return texts.length === 0 ? [XmlQuery.text(claim)] : texts.map((text) => XmlQuery.text(text));
}
