import { describe, expect, it } from "vitest";
import { formatTable } from "./format-table.js";

describe("formatTable", () => {
  it("pads columns to their widest cell, numbers to the right", () => {
    expect(formatTable([{ header: "class" }, { header: "calls", align: "right" }], [["Search", "12"], ["Summarize", "1,024"]])).toBe(
      ["class      calls", "---------  -----", "Search        12", "Summarize  1,024"].join("\n"),
    );
  });

  it("recorded text cannot move the cursor, clear the screen or break the line", () => {
    const table = formatTable([{ header: "name" }], [["a\x1b[2J\x1b]8;;http://x\x07link\x1b]8;;\x07\nb\rc\u202Ed"]]);
    expect(table.split("\n")[2]).toBe("alink b cd");
  });
});
