import {
  invalidType,
  invalidValue,
  isAbsent,
  isObject,
  missingParameter,
} from "./openai-refusals.js";
import type { WireRefusal } from "./wire-format.js";

const ROLES = ["assistant", "system", "developer", "user"] as const;
const ASSISTANT_PARTS = ["output_text", "refusal"] as const;
const INPUT_PARTS = ["input_text", "input_image", "input_file"] as const;
// The item types the mock serves; the real API takes more (built-in tools' calls, references).
const ITEM_TYPES = ["message", "function_call", "function_call_output", "reasoning"] as const;

/**
 * The Responses `input` rules: a string, or an array of items — messages (roles user,
 * assistant, system, developer; content a string or parts fit for the role), function calls and
 * their outputs (every output answering an earlier call, every call answered), and reasoning
 * items. With `store: false` a reasoning item must carry its `encrypted_content`: the API keeps
 * nothing it could look the item up by, and answers 404 as it does. A reasoning item must be
 * immediately followed by the item that followed it in the output, which the API finds by its
 * id: an item carrying one (a message, a function call, or the next reasoning item). A plain
 * `{ role: "assistant", content }` message or a call without its `fc_…` id is refused as the
 * API refuses it.
 */
export function inputRefusal(input: unknown, store: boolean): WireRefusal | null {
  if (typeof input === "string") return null;
  if (!Array.isArray(input))
    return invalidType("input", "a string or an array of input items", input);
  const calls = new Set<string>();
  const answered = new Set<string>();
  for (const [index, item] of input.entries()) {
    const param = `input[${index}]`;
    if (!isObject(item)) return invalidType(param, "an object", item);
    const type = item.type ?? ("role" in item ? "message" : undefined);
    let refusal: WireRefusal | null;
    switch (type) {
      case "message":
        refusal = messageRefusal(item, param);
        break;
      case "function_call":
        refusal = functionCallRefusal(item, param);
        if (refusal === null) calls.add(String(item.call_id));
        break;
      case "function_call_output":
        refusal = functionOutputRefusal(item, param, calls);
        if (refusal === null) answered.add(String(item.call_id));
        break;
      case "reasoning":
        refusal =
          reasoningRefusal(item, param, store) ?? followingItemRefusal(item, input[index + 1]);
        break;
      case undefined:
        refusal = missingParameter(`${param}.type`);
        break;
      default:
        refusal = invalidValue(`${param}.type`, type, ITEM_TYPES);
    }
    if (refusal !== null) return refusal;
  }
  const unanswered = [...calls].find((callId) => !answered.has(callId));
  return unanswered === undefined
    ? null
    : { message: `No tool output found for function call ${unanswered}.`, param: "input" };
}

function messageRefusal(item: Record<string, unknown>, param: string): WireRefusal | null {
  if (isAbsent(item.role)) return missingParameter(`${param}.role`);
  if (!(ROLES as readonly unknown[]).includes(item.role))
    return invalidValue(`${param}.role`, item.role, ROLES);
  if (isAbsent(item.content)) return missingParameter(`${param}.content`);
  if (typeof item.content === "string") return null;
  if (!Array.isArray(item.content))
    return invalidType(`${param}.content`, "a string or an array of content parts", item.content);
  const allowed: readonly string[] = item.role === "assistant" ? ASSISTANT_PARTS : INPUT_PARTS;
  for (const [index, part] of item.content.entries()) {
    const partParam = `${param}.content[${index}]`;
    if (!isObject(part)) return invalidType(partParam, "an object", part);
    if (isAbsent(part.type)) return missingParameter(`${partParam}.type`);
    if (!allowed.includes(String(part.type)))
      return invalidValue(`${partParam}.type`, part.type, allowed);
    const refusal = partRefusal(part, partParam);
    if (refusal !== null) return refusal;
  }
  return null;
}

function partRefusal(part: Record<string, unknown>, param: string): WireRefusal | null {
  switch (part.type) {
    case "input_text":
    case "output_text":
      return stringRefusal(part.text, `${param}.text`);
    case "refusal":
      return stringRefusal(part.refusal, `${param}.refusal`);
    case "input_image":
      return isAbsent(part.image_url) && isAbsent(part.file_id)
        ? missingParameter(`${param}.image_url`)
        : null;
    default:
      return isAbsent(part.file_id) && isAbsent(part.file_data) && isAbsent(part.file_url)
        ? missingParameter(`${param}.file_data`)
        : null;
  }
}

function functionCallRefusal(item: Record<string, unknown>, param: string): WireRefusal | null {
  return (
    nonEmptyRefusal(item.call_id, `${param}.call_id`) ??
    nonEmptyRefusal(item.name, `${param}.name`) ??
    stringRefusal(item.arguments, `${param}.arguments`)
  );
}

function functionOutputRefusal(
  item: Record<string, unknown>,
  param: string,
  calls: ReadonlySet<string>,
): WireRefusal | null {
  const callId = nonEmptyRefusal(item.call_id, `${param}.call_id`);
  if (callId !== null) return callId;
  if (isAbsent(item.output)) return missingParameter(`${param}.output`);
  if (typeof item.output !== "string" && !Array.isArray(item.output))
    return invalidType(`${param}.output`, "a string or an array of content parts", item.output);
  if (!calls.has(String(item.call_id))) {
    return {
      message: `No tool call found for function call output with call_id ${String(item.call_id)}.`,
      param: "input",
    };
  }
  return null;
}

function reasoningRefusal(
  item: Record<string, unknown>,
  param: string,
  store: boolean,
): WireRefusal | null {
  const id = nonEmptyRefusal(item.id, `${param}.id`);
  if (id !== null) return id;
  if (isAbsent(item.summary)) return missingParameter(`${param}.summary`);
  if (!Array.isArray(item.summary))
    return invalidType(`${param}.summary`, "an array", item.summary);
  for (const [index, part] of item.summary.entries()) {
    const partParam = `${param}.summary[${index}]`;
    if (!isObject(part)) return invalidType(partParam, "an object", part);
    if (part.type !== "summary_text")
      return invalidValue(`${partParam}.type`, part.type, ["summary_text"]);
    const text = stringRefusal(part.text, `${partParam}.text`);
    if (text !== null) return text;
  }
  const encrypted = item.encrypted_content;
  if (!isAbsent(encrypted) && typeof encrypted !== "string")
    return invalidType(`${param}.encrypted_content`, "a string", encrypted);
  if (!store && (isAbsent(encrypted) || encrypted === "")) {
    return {
      message: `Item with id '${String(item.id)}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`,
      param: "input",
      status: 404,
    };
  }
  return null;
}

/** The item after a reasoning item must be one the API can pair it with: an output item with its id. */
function followingItemRefusal(
  reasoning: Record<string, unknown>,
  next: unknown,
): WireRefusal | null {
  if (isObject(next)) {
    const type = next.type ?? ("role" in next ? "message" : undefined);
    const pairable = type === "message" || type === "function_call" || type === "reasoning";
    if (pairable && typeof next.id === "string" && next.id !== "") return null;
  }
  return {
    message: `Item '${String(reasoning.id)}' of type 'reasoning' was provided without its required following item.`,
    param: "input",
  };
}

function stringRefusal(value: unknown, param: string): WireRefusal | null {
  if (value === undefined) return missingParameter(param);
  return typeof value === "string" ? null : invalidType(param, "a string", value);
}

function nonEmptyRefusal(value: unknown, param: string): WireRefusal | null {
  if (isAbsent(value) || value === "") return missingParameter(param);
  return typeof value === "string" ? null : invalidType(param, "a string", value);
}
