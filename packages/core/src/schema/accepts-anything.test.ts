import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AbstractTool } from "../jobs/abstract-tool.js";
import { JobDispatcher } from "../dispatch/job-dispatcher.js";
import { acceptsAnything, acceptsUndefinedOnly } from "./accepts-anything.js";

class ReturnsNothing extends AbstractTool<unknown, unknown> {
  readonly name = "returns_nothing";
  readonly input = z.unknown();
  readonly output = z.unknown().refine((value) => value !== undefined, "must return something");
  execute() {
    return undefined;
  }
}

describe("schemas the dispatcher skips", () => {
  it("only a schema that accepts every value as it is: a refined z.unknown() still runs, and refuses", async () => {
    expect(acceptsAnything(z.unknown())).toBe(true);
    expect(acceptsAnything(z.any())).toBe(true);
    expect(acceptsAnything(z.unknown().refine(() => true))).toBe(false);
    expect(acceptsUndefinedOnly(z.undefined())).toBe(true);
    expect(acceptsUndefinedOnly(z.undefined().refine(() => true))).toBe(false);
    await expect(new JobDispatcher().submit(new ReturnsNothing(), null)).rejects.toMatchObject({
      code: "invalid_output",
    });
  });
});
