import type { EntityDecoderOptions } from "fast-xml-parser";

const ENTITY = /&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|(amp|lt|gt|quot|apos));/g;
const NAMED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

/**
 * Decodes XML's five predefined entities and numeric character references. Other named
 * entities are left as written: a document that needs them would need its DTD, which a
 * service's answer is never trusted to supply (no external entities, ever).
 *
 * @internal
 */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(
    ENTITY,
    (whole, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
      if (name !== undefined) return NAMED[name] ?? whole;
      const codePoint = hex !== undefined ? Number.parseInt(hex, 16) : Number(decimal);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
    },
  );
}

/**
 * The entity decoder handed to `fast-xml-parser`: {@link decodeEntities} and nothing else.
 * Entities a DOCTYPE declares are dropped unread (`addInputEntities` keeps nothing), so no
 * answer can make the parser expand one: no billion laughs, no quadratic blow-up. The
 * parser's own decoder would expand them (within limits) and, in its HTML mode, also decode
 * HTML's named entities, which XML does not have.
 *
 * @internal
 */
export const xmlOnlyEntityDecoder: EntityDecoderOptions = {
  decode: decodeEntities,
  addInputEntities: () => undefined,
  setExternalEntities: () => undefined,
  reset: () => undefined,
  setXmlVersion: () => undefined,
};
