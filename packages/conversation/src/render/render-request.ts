import type { CatalogEntry } from "@nucleo/catalog";
import type { LlmRequest } from "../client/llm-client.js";
import type { Conversation } from "../model/conversation.js";
import { JSON_ANSWER_INSTRUCTION, TOOL_WEIGHT_GUIDANCE } from "./guidance.js";
import { describeInNotation, SCHEMA_NOTATION_LEGEND } from "./schema-notation.js";
import { describeTextTools, turnAsText } from "./text-tools.js";

/** Marks a request whose tools travel as text: the text-tools client parses the answer. @internal */
export const TEXT_TOOLS = Symbol.for("nucleo.request.text-tools");

interface CachedSystem {
  /** The system version and the shape bits the text was rendered for. */
  readonly version: number;
  readonly shape: number;
  // Identity, not names: a tool list or contract rebuilt under the same names (request_tools'
  // enum changes every turn) must render afresh.
  readonly tools: readonly unknown[];
  readonly contract: unknown;
  readonly system: { text: string };
}

/**
 * Renders a conversation as the request the wire will carry for `entry`. The caller wrote only
 * the objective, the skills and the turns; the framework guidance is derived from what the
 * conversation carries: the notation legend when the answer contract uses the notation, the
 * tool guidance when tools are offered. For an entry without native tools, tools are described
 * in the system text and earlier calls rendered as text — the same request the token count
 * priced, so the seat is priced from exactly what is sent.
 */
export function renderRequest(
  conversation: Conversation,
  entry: Pick<CatalogEntry, "nativeTools" | "structuredOutput">,
): LlmRequest {
  const tools = conversation.tools();
  const contract = conversation.contract();
  const textTools = tools.length > 0 && !entry.nativeTools;
  const shape =
    (tools.length > 0 ? TOOLS : 0) |
    (textTools ? TEXT_TOOLS_BIT : 0) |
    (contract?.notation === true && !entry.structuredOutput ? NOTATION : 0);
  const system = renderSystem(conversation, shape);
  const request: LlmRequest = {
    system,
    // The conversation replaces its list of turns as it grows, never changes it: the request
    // keeps what this call carries without a copy.
    messages: textTools ? conversation.turns().map(turnAsText) : conversation.turns(),
    tools: textTools ? [] : tools,
    countMemo: conversation.countMemo,
    cacheKey: conversation.cacheKey,
    responseFormat: contract ? responseFormatOf(contract) : undefined,
  };
  if (textTools) Object.defineProperty(request, TEXT_TOOLS, { value: tools });
  return request;
}

// One response format per contract, shared by every request that carries it.
const responseFormats = new WeakMap<object, NonNullable<LlmRequest["responseFormat"]>>();

function responseFormatOf(contract: {
  readonly name: string;
  readonly jsonSchema: NonNullable<LlmRequest["responseFormat"]>["schema"];
}): NonNullable<LlmRequest["responseFormat"]> {
  let format = responseFormats.get(contract);
  if (format === undefined) {
    format = Object.freeze({ name: contract.name, schema: contract.jsonSchema });
    responseFormats.set(contract, format);
  }
  return format;
}

// What a system text depends on besides the conversation's version, as bits: no object or key
// string is built per render.
const TOOLS = 1;
const TEXT_TOOLS_BIT = 2;
const NOTATION = 4;

interface SystemShape {
  readonly tools: boolean;
  readonly textTools: boolean;
  readonly contractNotation: boolean;
}

function shapeOf(bits: number): SystemShape {
  return {
    tools: (bits & TOOLS) !== 0,
    textTools: (bits & TEXT_TOOLS_BIT) !== 0,
    contractNotation: (bits & NOTATION) !== 0,
  };
}

function renderSystem(conversation: Conversation, shape: number): { text: string } {
  const contract = conversation.contract();
  const version = conversation.systemVersion;
  const tools = conversation.tools();
  const textTools = (shape & TEXT_TOOLS_BIT) !== 0;
  const cached = conversation.renderMemo as CachedSystem | undefined;
  if (
    cached !== undefined &&
    cached.version === version &&
    cached.shape === shape &&
    cached.contract === contract &&
    (!textTools || cached.tools === tools)
  )
    return cached.system;
  const system =
    (textTools ? undefined : sharedSystem(conversation, contract, shape)) ??
    Object.freeze({ text: systemText(conversation, shapeOf(shape)) });
  conversation.renderMemo = { version, shape, tools, contract, system } satisfies CachedSystem;
  return system;
}

/**
 * Conversations whose system content is their task alone (and whose tools travel natively)
 * render the same text for the same task, contract and shape: one frozen object serves them
 * all, so a thousand runs of a thinker class hold (and count) one system text, not a thousand.
 */
function sharedSystem(
  conversation: Conversation,
  contract: unknown,
  shape: number,
): { text: string } | undefined {
  const task = conversation.soleTask();
  // Long tasks (often written by a model: a delegate's objective) are rendered per conversation.
  if (task === undefined || task.length > SHARED_TASK_CHARS) return undefined;
  let byShape = sharedSystems.get(contract ?? NO_CONTRACT);
  if (!byShape) {
    byShape = new Map();
    sharedSystems.set(contract ?? NO_CONTRACT, byShape);
  }
  let byTask = byShape.get(shape);
  if (!byTask) {
    byTask = new Map();
    byShape.set(shape, byTask);
  }
  let system = byTask.get(task);
  if (!system) {
    if (byTask.size >= SHARED_TASKS_KEPT) byTask.clear();
    system = Object.freeze({ text: systemText(conversation, shapeOf(shape)) });
    byTask.set(task, system);
  }
  return system;
}

const NO_CONTRACT = {};
const sharedSystems = new WeakMap<object, Map<number, Map<string, { text: string }>>>();
/** Distinct task texts shared per contract and shape (the cache starts over past it). */
const SHARED_TASKS_KEPT = 256;
/** Tasks longer than this are not shared (so the shared texts stay within a few megabytes). */
const SHARED_TASK_CHARS = 4_096;

function systemText(conversation: Conversation, shape: SystemShape): string {
  const contract = conversation.contract();
  const sections: string[] = conversation
    .objective()
    .map(([slot, text]) => (slot === "task" ? text : `## ${slot}\n${text}`));
  if (shape.tools) sections.push(TOOL_WEIGHT_GUIDANCE);
  if (shape.textTools) sections.push(describeTextTools(conversation.tools()));
  if (contract && shape.contractNotation)
    sections.push(
      `${SCHEMA_NOTATION_LEGEND}\n\n${JSON_ANSWER_INSTRUCTION}\n${describeInNotation(contract.jsonSchema)}`,
    );
  else if (contract)
    sections.push(`${JSON_ANSWER_INSTRUCTION}\n${JSON.stringify(contract.jsonSchema)}`);
  for (const [name, text] of conversation.preamble()) sections.push(`## Skill: ${name}\n${text}`);
  return sections.join("\n\n");
}
