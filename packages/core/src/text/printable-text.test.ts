import { describe, expect, it } from "vitest";
import { firstPrintableLine as firstLine, printableText as plainText } from "./printable-text.js";

/** Text a model could write to take over a terminal: a screen clear, an OSC 8 link, a bidi override, a `\r` overwrite. */
const HOSTILE_TEXT =
  "Fine.\x1b[2J Read \x1b]8;;https://evil.example\x1b\\the docs\x1b]8;;\x1b\\ \u202Eevil\u202C\rScore 10/10";
/** What {@link HOSTILE_TEXT} reads as on one line: its words, none of its controls. */
const HOSTILE_WORDS = "Fine. Read the docs evil";
/** A control character, line or paragraph separator or bidi override anywhere but a newline. */
const CONTROL_CHARACTER = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe("plainText and firstLine", () => {
  it("drop a CSI sequence whole, so ESC[2J neither clears the screen nor leaves [2J behind", () => {
    expect(plainText("before\x1b[2Jafter \x1b[1;31mred\x1b[0m")).toBe("beforeafter red");
    // Its 8-bit C1 form too.
    expect(plainText("a\x9b2Jb")).toBe("ab");
  });

  it("drop an OSC 8 hyperlink's target and keep its words, whichever terminator it uses", () => {
    expect(plainText("see \x1b]8;;https://evil.example\x1b\\the docs\x1b]8;;\x1b\\ now")).toBe(
      "see the docs now",
    );
    expect(plainText("see \x1b]8;;https://evil.example\x07the docs\x1b]8;;\x07")).toBe(
      "see the docs",
    );
    expect(plainText("\x1b]0;new window title\x07ok")).toBe("ok");
  });

  it("leave no lone \\r to write over the line: firstLine stops at it, plainText makes it a space", () => {
    expect(firstLine("Poor answer.\rExcellent, 10/10")).toBe("Poor answer.");
    expect(plainText("Poor answer.\rExcellent, 10/10")).toBe("Poor answer. Excellent, 10/10");
  });

  it("drop bidi overrides and isolates, so text cannot read backwards", () => {
    expect(plainText("name\u202Efdp.exe\u202C and \u2066x\u2069, \u202Aa\u202B\u202D")).toBe(
      "namefdp.exe and x, a",
    );
  });

  it("put the text on one line, line and paragraph separators and tabs included", () => {
    expect(plainText("one\r\ntwo \n\n three\u2028four\u2029five\tsix\x85seven")).toBe(
      "one two three four five six seven",
    );
    expect(firstLine("one\u2028two")).toBe("one");
    expect(firstLine("internal: boom\n    at run (job.ts:3)")).toBe("internal: boom");
  });

  it("drop every other C0 and C1 control, and DEL", () => {
    expect(plainText("a\x00b\x07c\x08d\x7fe\x90f\x9fg\x1b")).toBe("abcdefg");
  });

  it("keep ordinary text, symbols and emoji as they are", () => {
    const text = "Score 7.5 ± 0.3 — naïve café, 日本語 🎉 | <b> [x](y)";
    expect(plainText(text)).toBe(text);
  });

  it("leave none of a hostile reason's controls, and all its words", () => {
    expect(firstLine(HOSTILE_TEXT)).toBe(HOSTILE_WORDS);
    expect(plainText(HOSTILE_TEXT)).toBe(`${HOSTILE_WORDS} Score 10/10`);
    expect(plainText(HOSTILE_TEXT)).not.toMatch(CONTROL_CHARACTER);
  });
});
