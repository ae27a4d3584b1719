import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { post, responsesBody } from "../test-support/wire-client.js";
import { MockProviderServer } from "./mock-provider-server.js";

let server: MockProviderServer;
const responses = () => `${server.openaiBaseUrl}/responses`;

beforeEach(async () => {
  server = await MockProviderServer.start();
});
afterEach(async () => {
  await server.stop();
});

const call = { type: "function_call", call_id: "call_1", name: "search", arguments: "{}" };
const output = { type: "function_call_output", call_id: "call_1", output: "found" };
const user = { role: "user", content: "Hi" };
const reasoning = { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "t" }] };
const tool = { type: "function", name: "search", parameters: { type: "object" } };

interface RefusalCase {
  readonly rule: string;
  readonly body: Record<string, unknown>;
  readonly param: string;
  readonly message: string | RegExp;
  readonly status?: number;
}

const refusals: RefusalCase[] = [
  {
    rule: "model is required",
    body: { input: "Hi" },
    param: "model",
    message: "Missing required parameter: 'model'.",
  },
  {
    rule: "input is required",
    body: { model: "gpt-test" },
    param: "input",
    message: "Missing required parameter: 'input'.",
  },
  {
    rule: "input is a string or an array of items",
    body: responsesBody({ input: 42 }),
    param: "input",
    message: /^Invalid type for 'input'/,
  },
  {
    rule: "a message's role is user, assistant, system or developer",
    body: responsesBody({ input: [{ role: "tool", content: "x" }] }),
    param: "input[0].role",
    message:
      "Invalid value: 'tool'. Supported values are: 'assistant', 'system', 'developer', and 'user'.",
  },
  {
    rule: "a user message takes input parts, not output_text",
    body: responsesBody({
      input: [{ role: "user", content: [{ type: "output_text", text: "x" }] }],
    }),
    param: "input[0].content[0].type",
    message: /^Invalid value: 'output_text'/,
  },
  {
    rule: "an assistant message takes output_text or refusal parts",
    body: responsesBody({
      input: [user, { role: "assistant", content: [{ type: "input_text", text: "x" }] }],
    }),
    param: "input[1].content[0].type",
    message: "Invalid value: 'input_text'. Supported values are: 'output_text' and 'refusal'.",
  },
  {
    rule: "a function call has its call_id",
    body: responsesBody({ input: [user, { ...call, call_id: undefined }] }),
    param: "input[1].call_id",
    message: "Missing required parameter: 'input[1].call_id'.",
  },
  {
    rule: "a function call's arguments are JSON text",
    body: responsesBody({ input: [user, { ...call, arguments: {} }, output] }),
    param: "input[1].arguments",
    message: /^Invalid type for 'input\[1\]\.arguments': expected a string/,
  },
  {
    rule: "a function call output answers an earlier function call with its call_id",
    body: responsesBody({ input: [user, output, call] }),
    param: "input",
    message: "No tool call found for function call output with call_id call_1.",
  },
  {
    rule: "every function call is answered by its output",
    body: responsesBody({ input: [user, call] }),
    param: "input",
    message: "No tool output found for function call call_1.",
  },
  {
    rule: "a reasoning item has its summary",
    body: responsesBody({ input: [user, { type: "reasoning", id: "rs_1" }] }),
    param: "input[1].summary",
    message: "Missing required parameter: 'input[1].summary'.",
  },
  {
    rule: "with store false, a reasoning item without encrypted_content cannot be looked up (404)",
    body: responsesBody({ store: false, input: [user, reasoning, call, output] }),
    param: "input",
    status: 404,
    message:
      "Item with id 'rs_1' not found. Items are not persisted when `store` is set to false. Try again with `store` set to true, or remove this item from your input.",
  },
  {
    rule: "a reasoning item is followed by its message, id and all: a plain assistant message is refused",
    body: responsesBody({
      input: [
        user,
        { ...reasoning, encrypted_content: "enc" },
        { role: "assistant", content: "Hi." },
      ],
    }),
    param: "input",
    message: "Item 'rs_1' of type 'reasoning' was provided without its required following item.",
  },
  {
    rule: "a reasoning item is followed by its call, id and all: a call without its fc_ id is refused",
    body: responsesBody({ input: [user, reasoning, call, output] }),
    param: "input",
    message: "Item 'rs_1' of type 'reasoning' was provided without its required following item.",
  },
  {
    rule: "a reasoning item is not the last item: its following item is required",
    body: responsesBody({ input: [user, reasoning] }),
    param: "input",
    message: "Item 'rs_1' of type 'reasoning' was provided without its required following item.",
  },
  {
    rule: "the mock serves message, function call, output and reasoning items",
    body: responsesBody({ input: [{ type: "item_reference", id: "msg_1" }] }),
    param: "input[0].type",
    message: /^Invalid value: 'item_reference'/,
  },
  {
    rule: "a tool is a function",
    body: responsesBody({ tools: [{ ...tool, type: "web_search" }] }),
    param: "tools[0].type",
    message: "Invalid value: 'web_search'. Supported values are: 'function'.",
  },
  {
    rule: "a function tool has parameters",
    body: responsesBody({ tools: [{ type: "function", name: "search" }] }),
    param: "tools[0].parameters",
    message: "Missing required parameter: 'tools[0].parameters'.",
  },
  {
    rule: "a function tool's name matches the API's pattern",
    body: responsesBody({ tools: [{ ...tool, name: "web search" }] }),
    param: "tools[0].name",
    message: /string does not match pattern/,
  },
  {
    rule: "tool_choice only comes with tools",
    body: responsesBody({ tool_choice: "auto" }),
    param: "tool_choice",
    message:
      "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
  },
  {
    rule: "a tool_choice function is among the tools",
    body: responsesBody({ tools: [tool], tool_choice: { type: "function", name: "fetch" } }),
    param: "tool_choice",
    message: /'fetch' not found in 'tools'/,
  },
  {
    rule: "a json_schema text format has its name",
    body: responsesBody({ text: { format: { type: "json_schema", schema: { type: "object" } } } }),
    param: "text.format.name",
    message: "Missing required parameter: 'text.format.name'.",
  },
  {
    rule: "a json_schema text format has its schema",
    body: responsesBody({ text: { format: { type: "json_schema", name: "answer" } } }),
    param: "text.format.schema",
    message: "Missing required parameter: 'text.format.schema'.",
  },
  {
    rule: "max_output_tokens is at least 16",
    body: responsesBody({ max_output_tokens: 10 }),
    param: "max_output_tokens",
    message:
      "Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got 10 instead.",
  },
  {
    rule: "include names known values",
    body: responsesBody({ include: ["reasoning.encrypted_content", "reasoning.everything"] }),
    param: "include[1]",
    message: /^Invalid value: 'reasoning.everything'/,
  },
  {
    rule: "prompt_cache_retention is in_memory or 24h",
    body: responsesBody({ prompt_cache_retention: "1h" }),
    param: "prompt_cache_retention",
    message: "Invalid value: '1h'. Supported values are: 'in_memory' and '24h'.",
  },
  {
    rule: "the mock keeps no responses for previous_response_id to continue",
    body: responsesBody({ previous_response_id: "resp_1" }),
    param: "previous_response_id",
    message: "Previous response with id 'resp_1' not found.",
  },
];

describe("the Responses request rules", () => {
  it.each(refusals)("$rule", async ({ body, param, message, status = 400 }) => {
    server.script({ kind: "answer", text: "must not be used" });
    const response = await post(responses(), body);
    expect(response.status).toBe(status);
    const { error } = await response.json();
    expect(error).toMatchObject({ type: "invalid_request_error", param });
    if (typeof message === "string") expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
    expect(server.counts.answered).toBe(0);
  });

  it("a whole tool loop is accepted: items of every kind, parts of every kind, encrypted reasoning with store false, each reasoning item followed by an item with its id", async () => {
    const body = responsesBody({
      store: false,
      include: ["reasoning.encrypted_content"],
      tools: [{ ...tool, description: "Searches.", strict: true }],
      tool_choice: { type: "function", name: "search" },
      text: { format: { type: "json_schema", name: "answer", schema: { type: "object" } } },
      max_output_tokens: 16,
      prompt_cache_key: "conversation-1",
      prompt_cache_retention: "24h",
      input: [
        { role: "developer", content: "Rules." },
        {
          role: "user",
          content: [
            { type: "input_text", text: "Look at this" },
            { type: "input_image", image_url: "data:image/png;base64,AAAA" },
            {
              type: "input_file",
              file_data: "data:application/pdf;base64,AAAA",
              filename: "a.pdf",
            },
          ],
        },
        { ...reasoning, id: "rs_0", encrypted_content: "enc" },
        { ...reasoning, encrypted_content: "enc" },
        {
          type: "message",
          id: "msg_1",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: "Let me search.", annotations: [] }],
          phase: "commentary",
        },
        { ...reasoning, id: "rs_2", encrypted_content: "enc" },
        { ...call, id: "fc_1" },
        output,
      ],
    });
    const response = await post(responses(), body);
    expect(response.status).toBe(200);
  });
});
