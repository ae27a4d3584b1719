import { describe, expect, it } from "vitest";
import {
  controlLabel,
  escapeControls,
  safeHttpUrl,
  segmentUntrustedText,
} from "./untrusted-segments.ts";

const joined = (text: string): string =>
  segmentUntrustedText(text)
    .map((segment) => segment.text)
    .join("");

describe("control characters are shown, never obeyed", () => {
  it("escapes every bidirectional control listed by Trojan Source", () => {
    const bidi = [
      "\u202A",
      "\u202B",
      "\u202C",
      "\u202D",
      "\u202E",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
      "\u200E",
      "\u200F",
      "\u061C",
    ];
    for (const character of bidi) {
      const segments = segmentUntrustedText(`a${character}b`);
      expect(segments).toEqual([
        { kind: "text", text: "a" },
        { kind: "control", text: character, label: controlLabel(character) },
        { kind: "text", text: "b" },
      ]);
    }
  });

  it("escapes C0 and C1 controls but keeps newline and tab as text", () => {
    const segments = segmentUntrustedText("x\u0000y\u001Bz\u0085w\r\n\tv\u007F");
    const controls = segments.filter((segment) => segment.kind === "control");
    expect(controls.map((segment) => segment.label)).toEqual([
      "⟨U+0000⟩",
      "⟨U+001B⟩",
      "⟨U+0085⟩",
      "⟨U+000D⟩",
      "⟨U+007F⟩",
    ]);
    expect(segments.some((s) => s.kind === "text" && s.text.includes("\n\tv"))).toBe(true);
  });

  it("labels with upper-case hex padded to four digits", () => {
    expect(controlLabel("\u202E")).toBe("⟨U+202E⟩");
    expect(controlLabel("\u0007")).toBe("⟨U+0007⟩");
  });

  it("leaves ordinary text, emoji and other scripts alone", () => {
    const text = "Grüße 👋 שלום <b>not html</b> & done";
    expect(segmentUntrustedText(text)).toEqual([{ kind: "text", text }]);
  });
});

describe("only http(s) URLs become links", () => {
  it("links an https URL and keeps sentence punctuation outside it", () => {
    expect(segmentUntrustedText("see https://example.com/a?b=1.")).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { kind: "text", text: "." },
    ]);
  });

  it("keeps a URL's own balanced parenthesis", () => {
    const [, link, rest] = segmentUntrustedText("(https://en.example.org/wiki/Foo_(bar)).");
    expect(link).toMatchObject({ kind: "link", text: "https://en.example.org/wiki/Foo_(bar)" });
    expect(rest).toEqual({ kind: "text", text: ")." });
  });

  it("never links javascript:, data:, vbscript: or file: URLs", () => {
    const hostile = [
      "javascript:alert(document.cookie)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "//evil.example/x",
    ];
    for (const text of hostile) {
      const segments = segmentUntrustedText(`click ${text} now`);
      expect(segments.every((segment) => segment.kind !== "link")).toBe(true);
      expect(joined(`click ${text} now`)).toBe(`click ${text} now`);
    }
  });

  it("stops a URL at a quote or angle bracket so markup cannot ride along", () => {
    const segments = segmentUntrustedText('<a href="https://x.example/p">x</a>');
    const links = segments.filter((segment) => segment.kind === "link");
    expect(links).toEqual([
      { kind: "link", text: "https://x.example/p", href: "https://x.example/p" },
    ]);
  });

  it("stops a URL at a control character and escapes the control", () => {
    const segments = segmentUntrustedText("https://a.example/\u202Efdp.exe");
    expect(segments[0]).toEqual({
      kind: "link",
      text: "https://a.example/",
      href: "https://a.example/",
    });
    expect(segments[1]).toMatchObject({ kind: "control", label: "⟨U+202E⟩" });
  });

  it("matches the scheme case-insensitively and normalises the href", () => {
    expect(segmentUntrustedText("HTTPS://Example.COM/Path")).toEqual([
      { kind: "link", text: "HTTPS://Example.COM/Path", href: "https://example.com/Path" },
    ]);
  });

  it("leaves a URL that does not parse as text", () => {
    expect(segmentUntrustedText("http://[broken")).toEqual([
      { kind: "text", text: "http://[broken" },
    ]);
  });

  it("gives the input back when the segments are joined", () => {
    const text = "a\u202Eb https://x.example/(y) c\u0000 javascript:z\n";
    expect(joined(text)).toBe(text);
  });
});

describe("safeHttpUrl guards every href", () => {
  it("accepts http and https only", () => {
    expect(safeHttpUrl("https://example.com")).toBe("https://example.com/");
    expect(safeHttpUrl("http://example.com/a b")).toBe("http://example.com/a%20b");
    expect(safeHttpUrl("javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl(" javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl("/relative")).toBeNull();
    expect(safeHttpUrl("mailto:a@b.c")).toBeNull();
  });
});

describe("plain-text places get visible escapes too", () => {
  it("replaces controls by their labels and keeps URLs as text", () => {
    expect(escapeControls("run\u202Eexe https://x.example")).toBe(
      "run⟨U+202E⟩exe https://x.example",
    );
    expect(escapeControls("tab\tand\nnewline")).toBe("tab\tand\nnewline");
  });
});
