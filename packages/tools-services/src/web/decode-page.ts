import type { MediaType } from "./media-type.js";

const META_CHARSET = /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i;
/** How far into an HTML page a `<meta charset>` is looked for (the HTML standard says 1024 bytes). */
const META_SCAN_BYTES = 1024;

/**
 * Decodes a page's bytes with its declared charset: the header's, else for HTML a
 * `<meta charset>` near the top, else UTF-8. An unknown label falls back to UTF-8 instead of
 * failing the call: a mislabelled page is still worth reading.
 *
 * @internal
 */
export function decodePage(bytes: Uint8Array, mediaType: MediaType): string {
  const label =
    mediaType.charset ?? (mediaType.kind === "html" ? metaCharset(bytes) : undefined) ?? "utf-8";
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

function metaCharset(bytes: Uint8Array): string | undefined {
  // latin1 maps every byte to one character, so the ASCII of the tag reads the same in any charset.
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, META_SCAN_BYTES));
  return META_CHARSET.exec(head)?.[1]?.toLowerCase();
}
