// The two OpenAI APIs the client speaks, for the test suites that pin both with one set of
// tests (`describe.each(API_CASES)`). Not exported from the package.
import type { CatalogEntry, CatalogEntryInput } from "@nucleo/catalog";
import type { ToolDefinition } from "@nucleo/conversation";
import { expect } from "vitest";
import { entryOf } from "./fixtures.js";

type Body = Record<string, unknown>;

/** One API: its entries, where its calls go, and how its wire spells what the tests check. */
export interface ApiCase {
  readonly api: "chat-completions" | "responses";
  /** The path a call posts to. */
  readonly path: string;
  /** The step a failed `send` names. */
  readonly sendStep: string;
  /** The detail of a 200 JSON body that is not this API's answer. */
  readonly notAnAnswer: string;
  /** An `openai` entry speaking this API, with `overrides`. */
  entry(overrides?: Partial<CatalogEntryInput>): CatalogEntry;
  /** The body fields `requestOf()` renders to (system content, one user turn, the budget). */
  readonly plainBody: Body;
  /** The body fields that ask for a stream (with usage at its end). */
  readonly streamBody: Body;
  /** The body fields offering `tool` with tool choice `auto`. */
  offered(tool: ToolDefinition): Body;
  /** The conversation a body carries after the system content and the first user turn. */
  history(body: Body): unknown[];
  /**
   * What a returned tool-call part holds beyond id, name and arguments: nothing on Chat
   * Completions; on the Responses API, the `function_call` item's id as `itemId`.
   */
  readonly callItem: Record<string, unknown>;
  /**
   * What a returned answer with text holds beyond the shared fields: nothing on Chat
   * Completions; on the Responses API, the message item that carried the text as `textItem`.
   */
  readonly answerItem: Record<string, unknown>;
  /** How the wire spells an assistant turn of two calls and the user turn answering them. */
  readonly calledAndAnswered: unknown[];
  /** The answer schema as the body carries it. */
  answerFormat(body: Body): unknown;
  /** The reasoning effort as the body carries it. */
  effort(body: Body): unknown;
}

const call = (id: string, n: number) => ({ id, name: "lookup", args: `{"id":${n}}` });
const calls = [call("call_a", 7), call("call_b", 8)];

/** Chat Completions and the Responses API. */
export const API_CASES: readonly ApiCase[] = [
  {
    api: "chat-completions",
    path: "/v1/chat/completions",
    sendStep: "chat completion",
    notAnAnswer: "the response is not a chat completion",
    entry: (overrides = {}) => entryOf(overrides),
    plainBody: {
      messages: [
        { role: "system", content: "You are terse." },
        { role: "user", content: "What is 2 + 2?" },
      ],
      max_completion_tokens: 1_024,
    },
    streamBody: { stream: true, stream_options: { include_usage: true } },
    offered: (tool) => ({
      tools: [
        {
          type: "function",
          function: {
            name: tool.name,
            description: tool.description,
            parameters: tool.inputSchema,
          },
        },
      ],
      tool_choice: "auto",
    }),
    history: (body) => (body.messages as unknown[]).slice(2),
    callItem: {},
    answerItem: {},
    calledAndAnswered: [
      {
        role: "assistant",
        content: null,
        tool_calls: calls.map(({ id, name, args }) => ({
          id,
          type: "function",
          function: { name, arguments: args },
        })),
      },
      { role: "tool", tool_call_id: "call_a", content: "Ada" },
      { role: "tool", tool_call_id: "call_b", content: "Grace" },
    ],
    answerFormat: (body) => {
      const format = body.response_format as { json_schema?: Body } | undefined;
      return format?.json_schema;
    },
    effort: (body) => body.reasoning_effort,
  },
  {
    api: "responses",
    path: "/v1/responses",
    sendStep: "response",
    notAnAnswer: "the response is not a Responses API response",
    entry: (overrides = {}) => entryOf({ api: "responses", ...overrides }),
    plainBody: {
      instructions: "You are terse.",
      input: [{ role: "user", content: "What is 2 + 2?" }],
      max_output_tokens: 1_024,
    },
    // The Responses stream always ends with the whole response, usage included.
    streamBody: { stream: true },
    offered: (tool) => ({
      tools: [
        {
          type: "function",
          name: tool.name,
          description: tool.description,
          parameters: tool.inputSchema,
          strict: false,
        },
      ],
      tool_choice: "auto",
    }),
    history: (body) => (body.input as unknown[]).slice(1),
    callItem: { itemId: expect.stringMatching(/^fc_/) },
    answerItem: { textItem: { id: expect.stringMatching(/^msg_/) } },
    // Each call goes back with its item's id (`fc_…`), as the model's answer gave it.
    calledAndAnswered: [
      ...calls.map(({ id, name, args }) => ({
        type: "function_call",
        id: expect.stringMatching(/^fc_/),
        call_id: id,
        name,
        arguments: args,
      })),
      { type: "function_call_output", call_id: "call_a", output: "Ada" },
      { type: "function_call_output", call_id: "call_b", output: "Grace" },
    ],
    answerFormat: (body) => {
      const { type: _type, ...format } = ((body.text as Body | undefined)?.format ?? {}) as Body;
      return format;
    },
    effort: (body) => (body.reasoning as Body | undefined)?.effort,
  },
];
