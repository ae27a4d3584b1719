import { compile } from "html-to-text";

/** What a page reads as: its title when it has one, and its text. */
export interface PageText {
  readonly title: string | undefined;
  readonly text: string;
}

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({
  selector,
  options: { uppercase: false },
}));

// Compiled once: html-to-text builds its selector tree per options object.
const toText = compile({
  // A model reads the text; hard line wrapping would only split its sentences.
  wordwrap: false,
  selectors: [
    ...HEADINGS,
    { selector: "img", format: "skip" },
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false } },
  ],
});
const titleToText = compile({ wordwrap: false });

const TITLE = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i;

/**
 * Turns an HTML page into readable text with `html-to-text` (scripts and styles dropped,
 * headings kept as written, links with their targets, tables as tables), plus the page's
 * `<title>`.
 *
 * @internal
 */
export function pageText(html: string): PageText {
  const rawTitle = TITLE.exec(html)?.[1];
  const title =
    rawTitle === undefined ? undefined : titleToText(rawTitle).replace(/\s+/g, " ").trim();
  // Non-breaking spaces (&nbsp;) become plain ones: a model gains nothing from the distinction.
  const text = toText(html)
    .replace(/\u00a0/g, " ")
    .trim();
  return { title: title === "" ? undefined : title, text };
}
