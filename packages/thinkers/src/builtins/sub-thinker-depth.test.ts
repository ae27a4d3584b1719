import { ThinkerDeclaration, type Depth } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import { delegate, delegateAnswers, sumAnswer } from "../test-support/delegation-fixtures.js";
import { offeredNames } from "../test-support/scripted-requests.js";
import {
  Summer,
  SumAnswer,
  SumQuestion,
  thinkerTestRuntime,
} from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "../thinker/abstract-thinker.js";

// When sub_thinker is offered: on every thinker, at STANDARD and THOROUGH only, and to a
// delegate only at THOROUGH. The delegate's seat, what it inherits and the artifacts it sees are
// in the other sub-thinker-*.test.ts files.

/** A thinker with no tools of its own. */
class Bare extends SingleObjectiveThinker<SumQuestion, SumAnswer> {
  readonly name = "bare";
  readonly input = SumQuestion;
  readonly output = SumAnswer;
  constructor(options: ThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
  }
  protected task(): string {
    return "Add the numbers in your head.";
  }
}

describe("sub_thinker is offered by depth", () => {
  it("is registered on every thinker, even one that declares no tools", async () => {
    const client = new ScriptedLlmClient([sumAnswer(0)]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Bare({ environment }), { numbers: [] });
    expect(offeredNames(client, 0)).toEqual(["sub_thinker"]);
  });

  it("is offered at STANDARD and THOROUGH and removed at QUICK and IMMEDIATE, read from each run's input depth", async () => {
    const client = new ScriptedLlmClient([
      sumAnswer(0),
      sumAnswer(0),
      sumAnswer(0),
      sumAnswer(0),
      sumAnswer(0),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Summer({ environment });
    const depths: Depth[] = ["IMMEDIATE", "STANDARD", "QUICK", "THOROUGH"];
    for (const depth of depths) await dispatcher.submit(thinker, { numbers: [], depth });
    await dispatcher.submit(thinker, { numbers: [] });
    expect(depths.map((_, call) => offeredNames(client, call).includes("sub_thinker"))).toEqual([
      false,
      true,
      false,
      true,
    ]);
    expect(offeredNames(client, 4)).toContain("sub_thinker");
  });

  it("lets a sub-thinker delegate further only at THOROUGH", async () => {
    const client = new ScriptedLlmClient([
      delegate("Work hard on it.", [], "THOROUGH"),
      delegateAnswers("done"),
      delegate("Work on it.", [], "STANDARD"),
      delegateAnswers("done"),
      sumAnswer(0),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment }), { numbers: [], depth: "THOROUGH" });
    expect(client.requests[1]!.binding.depth).toBe("THOROUGH");
    expect(offeredNames(client, 1)).toContain("sub_thinker");
    expect(client.requests[3]!.binding.depth).toBe("STANDARD");
    expect(offeredNames(client, 3)).not.toContain("sub_thinker");
  });

  it("clamps the delegate's depth to its parent's", async () => {
    const client = new ScriptedLlmClient([
      delegate("Work hard on it.", [], "THOROUGH"),
      delegateAnswers("done"),
      sumAnswer(0),
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment }), { numbers: [] });
    expect(client.requests[0]!.binding.depth).toBe("STANDARD");
    expect(client.requests[1]!.binding.depth).toBe("STANDARD");
    expect(offeredNames(client, 1)).not.toContain("sub_thinker");
  });
});
