import type { CatalogEntry } from "@nucleo/catalog";
import type { LlmRequest } from "../client/llm-client.js";
import type { Conversation } from "../model/conversation.js";
import { JSON_ANSWER_INSTRUCTION, TOOL_WEIGHT_GUIDANCE } from "./guidance.js";
import { describeInNotation, SCHEMA_NOTATION_LEGEND } from "./schema-notation.js";
import { describeTextTools, turnAsText } from "./text-tools.js";

/** Marks a request whose tools travel as text: the text-tools client parses the answer. @internal */
export const TEXT_TOOLS = Symbol.for("nucleo.request.text-tools");

interface CachedSystem {
  readonly key: string;
  // Identity, not names: a tool list or contract rebuilt under the same names (request_tools'
  // enum changes every turn) must render afresh.
  readonly tools: readonly unknown[];
  readonly contract: unknown;
  readonly system: { text: string };
}

const systemCache = new WeakMap<Conversation, CachedSystem>();

/**
 * Renders a conversation as the request the wire will carry for `entry`. The caller wrote only
 * the objective, the skills and the turns; the framework guidance is derived from what the
 * conversation carries: the notation legend when the answer contract uses the notation, the
 * tool guidance when tools are offered. For an entry without native tools, tools are described
 * in the system text and earlier calls rendered as text — the same request the token count
 * priced, so the seat is priced from exactly what is sent.
 */
export function renderRequest(conversation: Conversation, entry: Pick<CatalogEntry, "nativeTools" | "structuredOutput">): LlmRequest {
  const tools = conversation.tools();
  const contract = conversation.contract();
  const textTools = tools.length > 0 && !entry.nativeTools;
  const system = renderSystem(conversation, { tools: tools.length > 0, textTools, contractNotation: contract?.notation === true && !entry.structuredOutput });
  const request: LlmRequest = {
    system,
    // A copy: the request is what this call carries, while the conversation keeps growing.
    messages: textTools ? conversation.turns().map(turnAsText) : conversation.turns().slice(),
    tools: textTools ? [] : tools,
    ...(contract ? { responseFormat: { name: contract.name, schema: contract.jsonSchema } } : {}),
  };
  if (textTools) Object.defineProperty(request, TEXT_TOOLS, { value: tools });
  return request;
}

function renderSystem(conversation: Conversation, shape: { tools: boolean; textTools: boolean; contractNotation: boolean }): { text: string } {
  const contract = conversation.contract();
  const key = `${conversation.systemVersion}|${shape.tools}|${shape.textTools}|${shape.contractNotation}`;
  const tools = conversation.tools();
  const cached = systemCache.get(conversation);
  if (cached?.key === key && cached.contract === contract && (!shape.textTools || cached.tools === tools)) return cached.system;
  const shared = shape.textTools ? undefined : sharedSystem(conversation, contract, shape);
  if (shared) {
    systemCache.set(conversation, { key, tools, contract, system: shared });
    return shared;
  }
  const system = Object.freeze({ text: systemText(conversation, shape) });
  systemCache.set(conversation, { key, tools, contract, system });
  return system;
}

/**
 * Conversations whose system content is their task alone (and whose tools travel natively)
 * render the same text for the same task, contract and shape: one frozen object serves them
 * all, so a thousand runs of a thinker class hold (and count) one system text, not a thousand.
 */
function sharedSystem(conversation: Conversation, contract: unknown, shape: { tools: boolean; textTools: boolean; contractNotation: boolean }): { text: string } | undefined {
  const task = conversation.soleTask();
  // Long tasks (often written by a model: a delegate's objective) are rendered per conversation.
  if (task === undefined || task.length > SHARED_TASK_CHARS) return undefined;
  let byShape = sharedSystems.get(contract ?? NO_CONTRACT);
  if (!byShape) {
    byShape = new Map();
    sharedSystems.set(contract ?? NO_CONTRACT, byShape);
  }
  const shapeKey = `${shape.tools}|${shape.contractNotation}`;
  let byTask = byShape.get(shapeKey);
  if (!byTask) {
    byTask = new Map();
    byShape.set(shapeKey, byTask);
  }
  let system = byTask.get(task);
  if (!system) {
    if (byTask.size >= SHARED_TASKS_KEPT) byTask.clear();
    system = Object.freeze({ text: systemText(conversation, shape) });
    byTask.set(task, system);
  }
  return system;
}

const NO_CONTRACT = {};
const sharedSystems = new WeakMap<object, Map<string, Map<string, { text: string }>>>();
/** Distinct task texts shared per contract and shape (the cache starts over past it). */
const SHARED_TASKS_KEPT = 256;
/** Tasks longer than this are not shared (so the shared texts stay within a few megabytes). */
const SHARED_TASK_CHARS = 4_096;

function systemText(conversation: Conversation, shape: { tools: boolean; textTools: boolean; contractNotation: boolean }): string {
  const contract = conversation.contract();
  const sections: string[] = conversation.objective().map(([slot, text]) => (slot === "task" ? text : `## ${slot}\n${text}`));
  if (shape.tools) sections.push(TOOL_WEIGHT_GUIDANCE);
  if (shape.textTools) sections.push(describeTextTools(conversation.tools()));
  if (contract && shape.contractNotation) sections.push(`${SCHEMA_NOTATION_LEGEND}\n\n${JSON_ANSWER_INSTRUCTION}\n${describeInNotation(contract.jsonSchema)}`);
  else if (contract) sections.push(`${JSON_ANSWER_INSTRUCTION}\n${JSON.stringify(contract.jsonSchema)}`);
  for (const [name, text] of conversation.preamble()) sections.push(`## Skill: ${name}\n${text}`);
  return sections.join("\n\n");
}
