import { describe, expect, it } from "vitest";
import { escapeMarkdown } from "./escape-markdown.js";

describe("escapeMarkdown", () => {
  it("backslash-escapes every character Markdown or HTML would read as syntax", () => {
    expect(escapeMarkdown("a|b <i> [x] `c` *d* _e_ !f ~g~ &amp; \\")).toBe(
      "a\\|b \\<i\\> \\[x\\] \\`c\\` \\*d\\* \\_e\\_ \\!f \\~g\\~ \\&amp; \\\\",
    );
  });

  it("keeps a backslash already in the text a backslash, so it cannot undo an escape", () => {
    // Unescaped, `\|` would come out as `\\|`: a literal backslash and a live pipe.
    expect(escapeMarkdown("\\|")).toBe("\\\\\\|");
  });

  it("puts the text on one line and escapes a leading #, so it starts no heading or block", () => {
    expect(escapeMarkdown("# Title\r\n\n  # not a heading\n- item")).toBe(
      "\\# Title # not a heading - item",
    );
  });

  it("breaks the bare links GitHub would make by itself", () => {
    expect(escapeMarkdown("see https://evil.example, www.evil.example or me@evil.example")).toBe(
      "see https\\://evil.example, www\\.evil.example or me\\@evil.example",
    );
  });

  it("drops control sequences and bidi overrides before escaping, so none leaves an escaped backslash or a link behind", () => {
    expect(
      escapeMarkdown(
        "\x1b[2Jsee \x1b]8;;https://evil.example\x1b\\the docs\x1b]8;;\x1b\\\rnow \u202Eok",
      ),
    ).toBe("see the docs now ok");
  });
});
