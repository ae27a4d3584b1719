import { describe, expect, it } from "vitest";
import { formatTable } from "./format-table.js";

describe("formatTable", () => {
  it("pads columns to their widest cell, numbers to the right", () => {
    expect(
      formatTable(
        [{ header: "class" }, { header: "calls", align: "right" }],
        [
          ["Search", "12"],
          ["Summarize", "1,024"],
        ],
      ),
    ).toBe(
      ["class      calls", "---------  -----", "Search        12", "Summarize  1,024"].join("\n"),
    );
  });

  it("recorded text cannot move the cursor, clear the screen or break the line", () => {
    const table = formatTable(
      [{ header: "name" }],
      [["a\x1b[2J\x1b]8;;http://x\x07link\x1b]8;;\x07\nb\rc\u202Ed"]],
    );
    expect(table.split("\n")[2]).toBe("alink b cd");
  });

  it("formats 200,000 rows (a 100,000-job trajectory and more) without overflowing the stack", () => {
    const rows = Array.from({ length: 200_000 }, (_, index) => [`job-${index}`, String(index)]);
    const table = formatTable([{ header: "job" }, { header: "n", align: "right" }], rows);
    expect(table.split("\n")).toHaveLength(200_002);
    expect(table.split("\n").at(-1)).toBe("job-199999  199999");
  });
});
