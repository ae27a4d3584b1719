// The hostile text the XSS canary run records: every way text has been known to turn into code
// or to mislead a reader. Each piece, if it ever acted, would request a URL holding `/canary`.

/** Each payload by what it tries. */
export const XSS_PAYLOADS = {
  /** A script element. */
  script: "<script>fetch('/canary?s')</script>",
  /** An event handler on an element that fails to load. */
  img: `<img src=x onerror="fetch('/canary?i')">`,
  /** A link whose target is code. */
  anchor: `<a href="javascript:fetch('/canary?a')">click</a>`,
  /** A bare `javascript:` URL, which a careless linkifier would make a link of. */
  bareUrl: "javascript:fetch('/canary?u')",
  /** Quotes that close an attribute, then an element with a handler. */
  quotes: `"'><svg onload=fetch('/canary?q')>`,
} as const;

/** RIGHT-TO-LEFT OVERRIDE: reorders what follows on screen ("Trojan Source"). */
export const RTL_OVERRIDE = "\u202E";
/** BELL: a control character no page should pass through as it is. */
export const BELL = "\u0007";

/** How the console shows a control character instead of applying it (`⟨U+202E⟩`). */
export function visibleEscape(character: string): string {
  return `⟨U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}⟩`;
}

/** Every payload in one text, with the bidi override and the bell between them. */
export const CANARY_TEXT = [
  "canary:",
  XSS_PAYLOADS.script,
  XSS_PAYLOADS.img,
  XSS_PAYLOADS.anchor,
  XSS_PAYLOADS.bareUrl,
  XSS_PAYLOADS.quotes,
  `${RTL_OVERRIDE}gnp.exe${BELL}`,
].join(" ");

/** The canary run's root job name, what the runs list shows as its workflow: every payload. */
export const CANARY_JOB_NAME = CANARY_TEXT;
