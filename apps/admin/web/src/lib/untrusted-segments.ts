/**
 * The pure half of `<UntrustedText>`: text a model, a user or a job wrote, cut into pieces the
 * page can show without the text acting. Control characters and bidirectional controls (which
 * can reorder what a reader sees, "Trojan Source") become visible escapes; only http(s) URLs
 * become links; everything else stays text.
 *
 * @packageDocumentation
 */

/** Text shown as it is. */
export interface PlainSegment {
  readonly kind: "text";
  readonly text: string;
}

/** A character that would act instead of show, with the escape to show in its place. */
export interface ControlSegment {
  readonly kind: "control";
  /** The character itself (never rendered). */
  readonly text: string;
  /** What to show: `⟨U+202E⟩`. */
  readonly label: string;
}

/** An http or https URL: `href` is its parsed, normalised form; `text` is what was written. */
export interface LinkSegment {
  readonly kind: "link";
  readonly text: string;
  readonly href: string;
}

/** One piece of untrusted text. */
export type UntrustedSegment = PlainSegment | ControlSegment | LinkSegment;

// C0 except \t and \n, DEL and C1, the Arabic letter mark, LRM/RLM, embeddings and overrides,
// isolates. Written as escapes so this file holds none of them.
const CONTROL_CLASS =
  "\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069";
const CONTROL = `[${CONTROL_CLASS}]`;
// A URL runs to whitespace, a control, or a character that usually closes quoted text.
const URL_CANDIDATE = `https?:\\/\\/[^\\s${CONTROL_CLASS}<>"'\`]+`;
const PIECES = new RegExp(`(${CONTROL})|(${URL_CANDIDATE})`, "giu");
const TRAILING_PUNCTUATION = /[.,;:!?'")\]}>]+$/;

/**
 * The escape shown for a control character: `⟨U+` and at least four upper-case hex digits `⟩`.
 *
 * @example controlLabel("\u202E"); // "⟨U+202E⟩"
 */
export function controlLabel(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  return `⟨U+${code.toString(16).toUpperCase().padStart(4, "0")}⟩`;
}

/**
 * The link target for `text` when it is an absolute http or https URL, else null. Anything the
 * page puts in an `href` goes through here.
 *
 * @example safeHttpUrl("javascript:alert(1)"); // null
 */
export function safeHttpUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
}

/** Drops closing punctuation a URL in prose usually ends next to, keeping balanced parentheses. */
function trimUrl(candidate: string): string {
  let url = candidate.replace(TRAILING_PUNCTUATION, "");
  // `https://en.wikipedia.org/wiki/Foo_(bar)` keeps its own closing parenthesis.
  while (candidate.length > url.length && candidate[url.length] === ")") {
    const opens = url.split("(").length - 1;
    const closes = url.split(")").length - 1;
    if (opens <= closes) break;
    url += ")";
  }
  return url;
}

/**
 * Cuts untrusted text into plain, control and link segments; joining every segment's `text`
 * gives the input back. Adjacent plain pieces are merged.
 *
 * @example
 * segmentUntrustedText("see https://a.example/x.\u202E");
 * // [text "see ", link "https://a.example/x", text ".", control "⟨U+202E⟩"]
 */
export function segmentUntrustedText(text: string): UntrustedSegment[] {
  const segments: UntrustedSegment[] = [];
  const pushText = (piece: string): void => {
    if (piece === "") return;
    const last = segments[segments.length - 1];
    if (last?.kind === "text")
      segments[segments.length - 1] = { kind: "text", text: last.text + piece };
    else segments.push({ kind: "text", text: piece });
  };
  let position = 0;
  for (const match of text.matchAll(PIECES)) {
    const start = match.index;
    pushText(text.slice(position, start));
    const [whole, control] = match;
    if (control !== undefined) {
      segments.push({ kind: "control", text: control, label: controlLabel(control) });
      position = start + whole.length;
      continue;
    }
    const url = trimUrl(whole);
    const href = safeHttpUrl(url);
    if (href === null) {
      pushText(whole);
    } else {
      segments.push({ kind: "link", text: url, href });
      pushText(whole.slice(url.length));
    }
    position = start + whole.length;
  }
  pushText(text.slice(position));
  return segments;
}

/**
 * Untrusted text for places that hold plain text only (an `<option>`, an SVG `<title>`, a
 * badge): every control character replaced by its visible escape, nothing linked.
 *
 * @example escapeControls("a\u202Eb"); // "a⟨U+202E⟩b"
 */
export function escapeControls(text: string): string {
  return segmentUntrustedText(text)
    .map((segment) => (segment.kind === "control" ? segment.label : segment.text))
    .join("");
}
