import { ScriptedLlmClient } from "@nucleo/testing";
import type { ThinkerTranscript } from "@nucleo/thinkers";
import { describe, expect, it } from "vitest";
import { envelope, judgeWorld, Summer, SUMMER_TASK } from "../test-support/judge-world.js";
import { recordRun } from "./record-run.js";
import { RunRecord } from "./run-record.js";

describe("recordRun", () => {
  it("a thinker's run is its transcript: objective and prompt as the task, every turn with its tool calls and results, a correction, the answer", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCalls({ name: "add", arguments: { a: 2, b: 3 } }, { name: "add", arguments: { a: 5, b: 4 } }),
      ScriptedLlmClient.answer("nine, I think"),
      ScriptedLlmClient.answer(envelope({ total: 9 }), { thinking: ["5 + 4 is 9"] }),
    ]);
    const { dispatcher, environment } = judgeWorld(client);
    const thinker = new Summer({ environment });
    const input = { numbers: [2, 3, 4] };
    const output = await dispatcher.submit(thinker, input);

    const record = recordRun(thinker, input, output);

    expect(record.task).toBe(`${SUMMER_TASK}\n\n{"numbers":[2,3,4]}`);
    expect(record.turns).toHaveLength(3);
    expect(record.turns[0]).toEqual({
      said: "",
      thinking: "",
      toolCalls: [
        { tool: "add", arguments: { a: 2, b: 3 }, result: '{"sum":5}', failed: false },
        { tool: "add", arguments: { a: 5, b: 4 }, result: '{"sum":9}', failed: false },
      ],
      correction: null,
    });
    expect(record.turns[1]).toMatchObject({ said: "nine, I think", toolCalls: [], correction: expect.any(String) });
    expect(record.turns[2]).toMatchObject({ said: envelope({ total: 9 }), thinking: "5 + 4 is 9", correction: null });
    expect(record.answer).toEqual({ total: 9 });
    expect(RunRecord.safeParse(record).success).toBe(true);
  });

  it("a failed tool call is marked failed, a call without a result has a null result, and a failed run's answer is null", () => {
    const transcript: ThinkerTranscript = {
      thinker: "fake",
      objective: "Do it.",
      prompt: "{}",
      turns: [{ turn: 1, text: "", thinking: "", toolCalls: [{ id: "c1", name: "add", arguments: { a: 1 }, result: "missing b", isError: true }, { id: "c2", name: "add", arguments: {}, result: undefined, isError: false }], correction: undefined }],
      answered: false,
      answer: undefined,
    };
    // Duck-typed: anything with a callable transcript() is read as a thinker.
    const record = recordRun({ transcript: () => transcript }, {}, undefined);
    expect(record).toEqual({
      task: "Do it.\n\n{}",
      turns: [{ said: "", thinking: "", toolCalls: [{ tool: "add", arguments: { a: 1 }, result: "missing b", failed: true }, { tool: "add", arguments: {}, result: null, failed: false }], correction: null }],
      answer: null,
    });
  });

  it("a thinker whose transcript() throws (it never ran) is read like a one-call tool", () => {
    const { environment } = judgeWorld(new ScriptedLlmClient());
    const thinker = new Summer({ environment });
    expect(() => thinker.transcript()).toThrow();
    expect(recordRun(thinker, { numbers: [1] }, undefined)).toEqual({ task: '{\n  "numbers": [\n    1\n  ]\n}', turns: [], answer: null });
  });

  it("a one-call tool's run is its input as pretty JSON, no turns, and its output", () => {
    const tool = { name: "served_model", transcript: "not a function" };
    expect(recordRun(tool, { question: "Who?" }, { model: "x" })).toEqual({ task: '{\n  "question": "Who?"\n}', turns: [], answer: { model: "x" } });
    expect(recordRun(null, undefined, undefined)).toEqual({ task: "null", turns: [], answer: null });
  });
});
