import { InvalidInputError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { decodeWorkflowCursor, encodeWorkflowCursor } from "./workflow-cursor.js";
import { checkWorkflowListOptions, type WorkflowListOptions } from "./workflow-list-options.js";

/** The parameter the refusal of `options` names. */
function refusal(options: unknown): string | undefined {
  try {
    checkWorkflowListOptions(options);
    return undefined;
  } catch (error) {
    if (!InvalidInputError.isInstance(error)) throw error;
    return error.parameter;
  }
}

const CURSOR = encodeWorkflowCursor({ submitted: "1736157605000000", rootId: "w-a" });

describe("workflow list options", () => {
  it("a bad option is refused naming it", () => {
    const cases: [unknown, string][] = [
      [null, "options"],
      ["status=failed", "options"],
      [{ limit: 0 }, "limit"],
      [{ limit: 201 }, "limit"],
      [{ limit: 2.5 }, "limit"],
      [{ limit: "10" }, "limit"],
      [{ status: "cancelled" }, "status"],
      [{ status: "FAILED" }, "status"],
      [{ workflow: "" }, "workflow"],
      [{ tenant: "a\u0000b" }, "tenant"],
      [{ model: 7 }, "model"],
      [{ from: new Date("nonsense") }, "from"],
      [{ to: "2025-01-01" }, "to"],
      [{ minCost: "abc", currency: "USD" }, "minCost"],
      [{ minCost: "1e3", currency: "USD" }, "minCost"],
      [{ minCost: " 1", currency: "USD" }, "minCost"],
      [{ minCost: 0.5, currency: "USD" }, "minCost"],
      [{ maxCost: "0.1.2", currency: "USD" }, "maxCost"],
      [{ maxCost: `1${"0".repeat(100)}`, currency: "USD" }, "maxCost"],
      [{ minCost: "1" }, "currency"],
      [{ maxCost: "1", currency: "" }, "currency"],
      [{ cursor: "" }, "cursor"],
    ];
    for (const [options, parameter] of cases)
      expect(refusal(options), JSON.stringify(options)).toBe(parameter);
  });

  it("good options pass with their defaults: 50 a page, no cost bound without minCost or maxCost", () => {
    expect(checkWorkflowListOptions({})).toMatchObject({
      limit: 50,
      after: undefined,
      cost: undefined,
    });
    const options: WorkflowListOptions = {
      limit: 200,
      status: "failed",
      minCost: "-0.5",
      maxCost: "12",
      currency: "EUR",
      cursor: CURSOR,
    };
    expect(checkWorkflowListOptions(options)).toMatchObject({
      limit: 200,
      status: "failed",
      cost: { currency: "EUR", min: "-0.5", max: "12" },
      after: { submitted: "1736157605000000", rootId: "w-a" },
    });
    expect(checkWorkflowListOptions({ currency: "EUR" }).cost).toBeUndefined();
  });
});

describe("workflow list cursors", () => {
  it("a cursor reads back as the place it was made from, microseconds and odd ids kept", () => {
    for (const place of [
      { submitted: "1736157607000002", rootId: "w-g" },
      { submitted: "-infinity", rootId: "w-x" },
      { submitted: "infinity", rootId: "w" },
      { submitted: "-62135596800000000", rootId: "ancient" },
      { submitted: "0", rootId: "wf'; DROP TABLE nucleo_jobs; --\\ é 🙂" },
    ]) {
      const cursor = encodeWorkflowCursor(place);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeWorkflowCursor(cursor)).toEqual(place);
    }
  });

  it("anything but a cursor this package made is refused naming `cursor`", () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const bad: unknown[] = [
      42,
      "not a cursor!",
      `${CURSOR}=`,
      CURSOR.slice(0, -3),
      `${CURSOR}A`,
      Buffer.from("[1, 2").toString("base64url"),
      Buffer.from([0xff, 0xfe, 0x5b]).toString("base64url"),
      encode({ submitted: "1", rootId: "w" }),
      encode(["1", "w", "extra"]),
      encode([1, "w"]),
      encode(["1.5", "w"]),
      encode(["9223372036854775808", "w"]),
      encode(["now", "w"]),
      encode(["1", ""]),
      encode(["1", "a\u0000b"]),
      "A".repeat(9_000),
    ];
    for (const cursor of bad) {
      let parameter: string | undefined;
      try {
        decodeWorkflowCursor(cursor);
      } catch (error) {
        parameter = InvalidInputError.isInstance(error) ? error.parameter : "other";
      }
      expect(parameter, String(cursor).slice(0, 40)).toBe("cursor");
    }
  });
});
