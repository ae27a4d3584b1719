import { plainText } from "./plain-text.js";

/**
 * Every character Markdown (CommonMark with GitHub's extensions) or the HTML it allows would
 * read as syntax: code spans, emphasis, links and images, raw HTML and entities, strikethrough,
 * table pipes. The backslash comes first in the class only for readability; each match is
 * escaped once, so a backslash already in the text stays a backslash.
 */
const SYNTAX = /[\\`*_[\]<>!|~&]/g;

/**
 * Text a model or an error wrote, made inert for a Markdown file: plain text on one line first
 * (see {@link plainText}: no control sequence for a terminal that shows the file, and no
 * newline to end a table row or start a block), then each syntax character backslash-escaped,
 * a leading `#` too, and the openings of bare links (`://`, `www.`, `@`) broken, so a judge's reason cannot
 * add a link, an image, HTML or a heading to the report. It still renders as the same words.
 *
 * @example
 * escapeMarkdown("See ![x](https://t.example/p.png)"); // "See \\!\\[x\\](https\\://t.example/p.png)"
 *
 * @internal
 */
export function escapeMarkdown(text: string): string {
  return (
    plainText(text)
      .replace(SYNTAX, (character) => `\\${character}`)
      // GitHub links bare URLs, `www.` hosts and e-mail addresses by themselves: escaping the
      // punctuation that makes them one leaves the text as it reads.
      .replace(/:\/\//g, "\\://")
      .replace(/\bwww\./gi, (www) => `${www.slice(0, 3)}\\.`)
      .replace(/@/g, "\\@")
      .replace(/^(\s*)#/, "$1\\#")
  );
}
