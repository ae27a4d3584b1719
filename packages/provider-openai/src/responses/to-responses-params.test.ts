import { toolDefinition } from "@nucleo/conversation";
import { describe, expect, it } from "vitest";
import { bindingOf, entryOf, requestOf } from "../test-support/fixtures.js";
import { toResponsesParams } from "./to-responses-params.js";

const lookup = toolDefinition("lookup", "Finds a record by id.", {
  type: "object",
  properties: { id: { type: "integer" } },
  required: ["id"],
});
const answer = {
  name: "verdict",
  schema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
};
const reasoner = { reasoningTokens: { QUICK: 1_024, STANDARD: 4_096, THOROUGH: 16_384 } };
const responsesEntry = (overrides = {}) => entryOf({ api: "responses", ...overrides });

describe("toResponsesParams", () => {
  it("sends the model, the system content as instructions, the turns as input and the budget as max_output_tokens", () => {
    expect(toResponsesParams(requestOf(), bindingOf(responsesEntry()))).toEqual({
      model: "gpt-test",
      instructions: "You are terse.",
      input: [{ role: "user", content: "What is 2 + 2?" }],
      max_output_tokens: 1_024,
      prompt_cache_retention: "in_memory",
    });
  });

  it("leaves instructions out when there is no system content", () => {
    expect(
      toResponsesParams(requestOf({ system: { text: "" } }), bindingOf(responsesEntry())),
    ).not.toHaveProperty("instructions");
  });

  it("offers tools flat, not strict, with a tool_choice", () => {
    const params = toResponsesParams(
      requestOf({ tools: [lookup], toolChoice: "required" }),
      bindingOf(responsesEntry()),
    );
    expect(params.tools).toEqual([
      {
        type: "function",
        name: "lookup",
        description: "Finds a record by id.",
        parameters: lookup.inputSchema,
        strict: false,
      },
    ]);
    expect(params.tool_choice).toBe("required");
  });

  it("asks a reasoning model for the depth's effort and no reasoning summary by default; others get no reasoning", () => {
    expect(
      toResponsesParams(requestOf(), bindingOf(responsesEntry(reasoner), "THOROUGH")).reasoning,
    ).toEqual({ effort: "high" });
    expect(toResponsesParams(requestOf(), bindingOf(responsesEntry()))).not.toHaveProperty(
      "reasoning",
    );
  });

  it("asks for a reasoning summary only when the client's reasoningSummaries says so (unverified organisations are refused one)", () => {
    const settings = { promptCache: true, reasoningSummaries: true };
    expect(
      toResponsesParams(requestOf(), bindingOf(responsesEntry(reasoner), "THOROUGH"), settings)
        .reasoning,
    ).toEqual({ effort: "high", summary: "auto" });
    expect(
      toResponsesParams(requestOf(), bindingOf(responsesEntry()), settings),
    ).not.toHaveProperty("reasoning");
  });

  it("enforces the answer schema in text.format, strict when it fits, where the entry has structured outputs", () => {
    expect(
      toResponsesParams(
        requestOf({ responseFormat: answer }),
        bindingOf(responsesEntry({ structuredOutput: true })),
      ).text,
    ).toEqual({
      format: {
        type: "json_schema",
        name: "verdict",
        strict: true,
        schema: { ...answer.schema, additionalProperties: false },
      },
    });
    expect(
      toResponsesParams(requestOf({ responseFormat: answer }), bindingOf(responsesEntry())),
    ).not.toHaveProperty("text");
  });

  it("zero retention: stores nothing and asks a reasoning model for its reasoning's encrypted content", () => {
    const params = toResponsesParams(
      requestOf(),
      bindingOf(responsesEntry({ ...reasoner, compliance: { retention: "zero" } })),
    );
    expect(params).toMatchObject({ store: false, include: ["reasoning.encrypted_content"] });
  });

  it("zero retention on a model that does not reason: stores nothing and sends no include, which it would refuse", () => {
    const params = toResponsesParams(
      requestOf(),
      bindingOf(responsesEntry({ compliance: { retention: "zero" } })),
    );
    expect(params.store).toBe(false);
    expect(params).not.toHaveProperty("include");
  });

  it("without zero retention, leaves store at the API's default and still asks a reasoning model for its encrypted reasoning, so no turn depends on OpenAI still holding the response", () => {
    const params = toResponsesParams(requestOf(), bindingOf(responsesEntry(reasoner)));
    expect(params).not.toHaveProperty("store");
    expect(params.include).toEqual(["reasoning.encrypted_content"]);
    expect(toResponsesParams(requestOf(), bindingOf(responsesEntry()))).not.toHaveProperty(
      "include",
    );
  });
});
