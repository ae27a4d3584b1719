import { toolDefinition } from "@nucleo/conversation";
import { describe, expect, it } from "vitest";
import { bindingOf, entryOf, requestOf } from "../test-support/fixtures.js";
import { toOpenAiParams } from "./to-openai-params.js";

const lookup = toolDefinition("lookup", "Finds a record by id.", {
  type: "object",
  properties: { id: { type: "integer" } },
  required: ["id"],
});
const answer = {
  name: "verdict",
  schema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
};

describe("toOpenAiParams", () => {
  it("sends the entry's model and the output budget as max_completion_tokens", () => {
    const params = toOpenAiParams(requestOf(), bindingOf(entryOf()));
    expect(params).toMatchObject({ model: "gpt-test", max_completion_tokens: 1_024 });
    expect(params).not.toHaveProperty("max_tokens");
    expect(params).not.toHaveProperty("tools");
    expect(params).not.toHaveProperty("tool_choice");
  });

  it("sends compatible servers max_tokens, the name they all read", () => {
    const params = toOpenAiParams(
      requestOf(),
      bindingOf(entryOf({ provider: "openai-compatible", baseUrl: "http://localhost:11434/v1" })),
    );
    expect(params).toMatchObject({ max_tokens: 1_024 });
    expect(params).not.toHaveProperty("max_completion_tokens");
  });

  it("offers tools as functions with a tool_choice", () => {
    const params = toOpenAiParams(
      requestOf({ tools: [lookup], toolChoice: "required" }),
      bindingOf(entryOf()),
    );
    expect(params.tools).toEqual([
      {
        type: "function",
        function: {
          name: "lookup",
          description: "Finds a record by id.",
          parameters: lookup.inputSchema,
        },
      },
    ]);
    expect(params.tool_choice).toBe("required");
    expect(toOpenAiParams(requestOf({ tools: [lookup] }), bindingOf(entryOf())).tool_choice).toBe(
      "auto",
    );
  });

  it.each([
    ["IMMEDIATE", "low"],
    ["QUICK", "low"],
    ["STANDARD", "medium"],
    ["THOROUGH", "high"],
  ] as const)("a reasoning model at depth %s gets reasoning_effort %s", (depth, effort) => {
    const entry = entryOf({ reasoningTokens: { QUICK: 1_024, STANDARD: 4_096, THOROUGH: 16_384 } });
    expect(toOpenAiParams(requestOf(), bindingOf(entry, depth)).reasoning_effort).toBe(effort);
  });

  it("a model without reasoning tokens gets no reasoning_effort, which it would refuse", () => {
    expect(
      toOpenAiParams(
        requestOf(),
        bindingOf(entryOf({ reasoningTokens: { STANDARD: 0 } }), "THOROUGH"),
      ),
    ).not.toHaveProperty("reasoning_effort");
  });

  it("enforces the answer schema strictly where the entry has structured outputs", () => {
    const params = toOpenAiParams(
      requestOf({ responseFormat: answer }),
      bindingOf(entryOf({ structuredOutput: true })),
    );
    expect(params.response_format).toEqual({
      type: "json_schema",
      json_schema: {
        name: "verdict",
        strict: true,
        schema: { ...answer.schema, additionalProperties: false },
      },
    });
  });

  it("sends a schema strict mode cannot take with strict: false, unchanged", () => {
    const loose = {
      name: "answer with spaces",
      schema: { type: "object", properties: { ok: { type: "boolean" } } },
    };
    const params = toOpenAiParams(
      requestOf({ responseFormat: loose }),
      bindingOf(entryOf({ structuredOutput: true })),
    );
    expect(params.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "answer_with_spaces", strict: false, schema: loose.schema },
    });
  });

  it("leaves response_format out where the entry has no structured outputs: the prompt carries the contract", () => {
    expect(
      toOpenAiParams(requestOf({ responseFormat: answer }), bindingOf(entryOf())),
    ).not.toHaveProperty("response_format");
  });

  it("gives an OpenAI reasoning model its instructions as a developer message", () => {
    const entry = entryOf({ reasoningTokens: { STANDARD: 4_096 } });
    expect(toOpenAiParams(requestOf(), bindingOf(entry)).messages[0]).toEqual({
      role: "developer",
      content: "You are terse.",
    });
  });

  it.each([
    ["a model that does not reason", entryOf()],
    [
      "a reasoning model on a compatible server",
      entryOf({
        provider: "openai-compatible",
        baseUrl: "http://localhost:8000/v1",
        reasoningTokens: { STANDARD: 4_096 },
      }),
    ],
  ])("keeps the system role for %s", (_name, entry) => {
    expect(toOpenAiParams(requestOf(), bindingOf(entry)).messages[0]).toEqual({
      role: "system",
      content: "You are terse.",
    });
  });
});
