import { describe, expect, it } from "vitest";
import { recommendOutputRung } from "./output-rung-advice.js";

describe("recommendOutputRung", () => {
  it("picks the smallest rung whose budget holds the p95 with a quarter of headroom", () => {
    expect(recommendOutputRung(0)).toBe("VERDICT");
    expect(recommendOutputRung(819)).toBe("VERDICT"); // 1,023.75
    expect(recommendOutputRung(819.2)).toBe("VERDICT"); // exactly 1,024
    expect(recommendOutputRung(820)).toBe("COMPACT");
    expect(recommendOutputRung(3_276)).toBe("COMPACT");
    expect(recommendOutputRung(3_277)).toBe("STANDARD");
    expect(recommendOutputRung(13_107)).toBe("STANDARD");
    expect(recommendOutputRung(13_108)).toBe("EXTENDED");
    expect(recommendOutputRung(26_214)).toBe("EXTENDED");
    expect(recommendOutputRung(26_215)).toBe("MAX");
  });
});
