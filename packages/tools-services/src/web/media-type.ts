/** How `web_fetch` treats a page, by its declared media type. */
export type PageKind = "html" | "text";

/** A `Content-Type` header read into its parts. */
export interface MediaType {
  /** The essence, lower-cased, e.g. `text/html`; `""` when the header was absent. */
  readonly essence: string;
  /** The declared charset, if any, e.g. `iso-8859-1`. */
  readonly charset: string | undefined;
  /** How the page is read, or `undefined` when `web_fetch` does not read this type. */
  readonly kind: PageKind | undefined;
}

/**
 * Reads a `Content-Type` header. HTML (and XHTML) is turned into text; plain text, JSON and
 * other `text/*` types pass through; everything else (images, PDFs, archives, a missing type)
 * is refused: decoding them as text would hand the model noise.
 *
 * @internal
 */
export function parseMediaType(header: string | null): MediaType {
  const [essencePart = "", ...parameters] = (header ?? "").split(";");
  const essence = essencePart.trim().toLowerCase();
  const charsetParameter = parameters
    .map((parameter) => parameter.trim())
    .find((parameter) => parameter.toLowerCase().startsWith("charset="));
  const charset =
    charsetParameter?.slice("charset=".length).replace(/^"|"$/g, "").trim().toLowerCase() ||
    undefined;
  return { essence, charset, kind: kindOf(essence) };
}

function kindOf(essence: string): PageKind | undefined {
  if (essence === "text/html" || essence === "application/xhtml+xml") return "html";
  if (essence.startsWith("text/")) return "text";
  if (essence === "application/json" || /^application\/[\w.+-]+\+json$/.test(essence))
    return "text";
  return undefined;
}
