import { describe, expect, it } from "vitest";
import { catalogOf, entry } from "../test-support/entries.js";
import { ModelPicker, resolveWith } from "./model-picker.js";

const catalog = catalogOf(
  entry({ id: "small-us", grade: "SMALL", compliance: { region: "us", retention: "zero" } }),
  entry({ id: "medium-us", grade: "MEDIUM", compliance: { region: "us", retention: "zero" } }),
  entry({ id: "medium-eu", grade: "MEDIUM", compliance: { region: "eu", retention: "zero" } }),
  entry({
    id: "medium-closed",
    grade: "MEDIUM",
    open: false,
    compliance: { region: "us", retention: "zero" },
  }),
  entry({
    id: "xl-us",
    grade: "XL",
    outputCeiling: 32_000,
    outputBudgets: { STANDARD: 12_000 },
    reasoningTokens: { STANDARD: 8_000, THOROUGH: 30_000 },
    compliance: { region: "us", retention: "zero" },
  }),
  entry({ id: "mega-us", grade: "MEGA", compliance: { region: "us", retention: "zero" } }),
  entry({ id: "mega-untagged", grade: "MEGA" }),
);

describe("ModelPicker", () => {
  it("CEILING resolves to XL where the deployment pins no MEGA entry", () => {
    const picker = new ModelPicker(catalog);
    expect(picker.ceiling()).toBe("XL");
    expect(resolveWith("CEILING", picker)).toBe("XL");
    expect(picker.pick("CEILING").id).toBe("xl-us");
  });

  it("CEILING resolves to MEGA where the deployment pins one, and MEGA seats go to it", () => {
    const picker = new ModelPicker(catalog, { megaEntry: "mega-us" });
    expect(picker.ceiling()).toBe("MEGA");
    expect(picker.pick("CEILING").id).toBe("mega-us");
    expect(picker.candidates("MEGA").map((candidate) => candidate.id)).toEqual(["mega-us"]);
  });

  it("a MEGA pin must name a MEGA entry", () => {
    expect(() => new ModelPicker(catalog, { megaEntry: "xl-us" })).toThrow(
      /an entry of grade MEGA \(it is XL\)/,
    );
  });

  it("a bad megaEntry is refused as megaEntry, never as a pin: missing, outside the envelope, or not MEGA", () => {
    expect(() => new ModelPicker(catalog, { megaEntry: "gone" })).toThrow(
      /^Invalid value for "megaEntry" \(got "gone"\): expected an entry of the catalog test-catalog\.yaml/,
    );
    expect(
      () => new ModelPicker(catalog, { envelope: { region: ["eu"] }, megaEntry: "mega-us" }),
    ).toThrow(
      /^Invalid value for "megaEntry" \(got "mega-us"\): expected an entry inside the deployment's compliance envelope, but its tag region=us is outside/,
    );
    expect(() => new ModelPicker(catalog, { megaEntry: "xl-us" })).toThrow(
      /^Invalid value for "megaEntry" \(got "xl-us"\)/,
    );
  });

  it("CEILING with no XL entry to serve it says CEILING resolved to XL, and why no XL entry serves", () => {
    const noXl = catalogOf(entry({ id: "medium-us", grade: "MEDIUM" }));
    const expected =
      'Invalid value for "grade" (got "CEILING"): expected a grade this deployment serves: CEILING resolved to XL, as no megaEntry is pinned, but no open, callable entry of XL is inside the envelope';
    expect(() => new ModelPicker(noXl).pick("CEILING")).toThrow(
      `${expected} (the catalog has no XL entry).`,
    );
    expect(() =>
      new ModelPicker(noXl).bind({ grade: "CEILING", depth: "STANDARD", output: "COMPACT" }),
    ).toThrow(`${expected} (the catalog has no XL entry).`);
    expect(() =>
      new ModelPicker(catalog, { envelope: { region: ["eu"] } }).pick("CEILING"),
    ).toThrow(
      `${expected} (xl-us: its tag region=us is outside the envelope, which allows region in (eu)).`,
    );
    // Asked for XL itself (a dispatcher may have resolved CEILING already), the message says CEILING lands there too.
    expect(() => new ModelPicker(noXl).pick("XL")).toThrow(
      /no open, callable entry of XL is inside the envelope \(the catalog has no XL entry\) \(CEILING resolves to XL too, as no megaEntry is pinned\)\.$/,
    );
  });

  it("picks only inside the compliance envelope", () => {
    const picker = new ModelPicker(catalog, { envelope: { region: ["eu"] } });
    expect(picker.pick("MEDIUM").id).toBe("medium-eu");
    expect(() => picker.pick("SMALL")).toThrow(
      /no open, callable entry of SMALL is inside the envelope \(small-us: its tag region=us is outside the envelope/,
    );
  });

  it("candidates are the open, callable entries of the grade inside the envelope", () => {
    expect(new ModelPicker(catalog).candidates("MEDIUM").map((candidate) => candidate.id)).toEqual([
      "medium-us",
      "medium-eu",
    ]);
    expect(
      new ModelPicker(catalog, { envelope: { retention: ["zero"] } })
        .candidates("MEGA")
        .map((candidate) => candidate.id),
    ).toEqual(["mega-us"]);
  });

  it("a pin bypasses the picker but never the envelope: refused naming the entry and the tag", () => {
    const picker = new ModelPicker(catalog, { envelope: { region: ["us"], retention: ["zero"] } });
    expect(picker.pinned("medium-closed").id).toBe("medium-closed"); // a pin may name an entry the picker would not offer
    expect(() => picker.pinned("medium-eu")).toThrow(
      /"pin" \(got "medium-eu"\).*region=eu is outside the envelope/,
    );
    expect(() => picker.pinned("mega-untagged")).toThrow(/"mega-untagged".*has no "region" tag/);
  });

  it("refuses unknown and empty grades and pins to missing entries, by name", () => {
    const picker = new ModelPicker(catalog);
    expect(() => picker.pick("HUGE")).toThrow(
      /"grade" \(got "HUGE"\).*SMALL, MEDIUM, LARGE, XL, MEGA, CEILING/,
    );
    expect(() => picker.pick("")).toThrow(/"grade" \(got ""\)/);
    expect(() => picker.pinned("gone")).toThrow(/"entry" \(got "gone"\)/);
  });

  it("prefers the entry with capacity now, then the shortest wait (usage-aware routing)", () => {
    const waits = new Map([
      ["medium-us", 5_000],
      ["medium-eu", 0],
    ]);
    const picker = new ModelPicker(
      catalog,
      {},
      { waitMs: (candidate) => waits.get(candidate.id) ?? 0 },
    );
    expect(picker.pick("MEDIUM").id).toBe("medium-eu");
    waits.set("medium-eu", 9_000);
    expect(picker.pick("MEDIUM").id).toBe("medium-us");
  });

  it("translates output rungs per entry: framework table capped at the ceiling, the entry's own budgets win, MAX is the ceiling", () => {
    const picker = new ModelPicker(catalog);
    const bind = (output: Parameters<ModelPicker["bind"]>[0]["output"], pin = "xl-us") =>
      picker.bind({ grade: "XL", depth: "IMMEDIATE", output, pin }).outputBudget;
    expect(bind("VERDICT")).toBe(1_024);
    expect(bind("COMPACT")).toBe(4_096);
    expect(bind("STANDARD")).toBe(12_000); // the entry's own output_budgets
    expect(bind("EXTENDED")).toBe(32_000); // 32,768 capped at the ceiling
    expect(bind("MAX")).toBe(32_000);
    expect(bind({ tokens: 777 })).toBe(777); // a raw budget is honoured
  });

  it("translates depth into the entry's reasoning tokens, booked inside the output ceiling", () => {
    const picker = new ModelPicker(catalog);
    expect(picker.bind({ grade: "XL", depth: "STANDARD", output: "COMPACT" })).toMatchObject({
      reasoningTokens: 8_000,
      maxOutputTokens: 12_096,
    });
    expect(picker.bind({ grade: "XL", depth: "THOROUGH", output: "COMPACT" })).toMatchObject({
      reasoningTokens: 30_000,
      maxOutputTokens: 32_000,
    });
    expect(picker.bind({ grade: "XL", depth: "QUICK", output: "COMPACT" }).reasoningTokens).toBe(0);
  });
});
