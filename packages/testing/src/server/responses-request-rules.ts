import {
  invalidType,
  invalidValue,
  isAbsent,
  isObject,
  missingParameter,
} from "./openai-refusals.js";
import { inputRefusal } from "./responses-input-rules.js";
import type { WireRefusal } from "./wire-format.js";

/** What `include` may ask for (the SDK's `ResponseIncludable`). */
const INCLUDABLE = [
  "file_search_call.results",
  "web_search_call.results",
  "web_search_call.action.sources",
  "message.input_image.image_url",
  "computer_call_output.output.image_url",
  "code_interpreter_call.outputs",
  "reasoning.encrypted_content",
  "message.output_text.logprobs",
] as const;
const RETENTIONS = ["in_memory", "24h"] as const;
const TOOL_CHOICES = ["none", "auto", "required"] as const;
const TEXT_FORMATS = ["text", "json_object", "json_schema"] as const;
const NAME_PATTERN = /^[a-zA-Z0-9_-]+$/;
const MIN_OUTPUT_TOKENS = 16;

/**
 * The Responses request rules the mock enforces, as the API words them, each naming the
 * parameter at fault: `model` and `input` required (see {@link inputRefusal} for the items),
 * function tools with a valid name and `parameters`, `tool_choice` only with tools (a named
 * function among them), a `text.format` json_schema with its name and schema,
 * `max_output_tokens` of at least 16, known `include` values, and no `previous_response_id`
 * (the mock stores no responses to continue from).
 */
export function responsesRefusal(body: Record<string, unknown>): WireRefusal | null {
  return (
    scalarRefusal(body) ??
    toolsRefusal(body.tools) ??
    toolChoiceRefusal(body.tool_choice, body.tools) ??
    textRefusal(body.text) ??
    inputRefusal(body.input, body.store !== false)
  );
}

function scalarRefusal(body: Record<string, unknown>): WireRefusal | null {
  if (isAbsent(body.model) || body.model === "") return missingParameter("model");
  if (typeof body.model !== "string") return invalidType("model", "a string", body.model);
  if (body.input === undefined) return missingParameter("input");
  for (const flag of ["stream", "store", "parallel_tool_calls"]) {
    if (!isAbsent(body[flag]) && typeof body[flag] !== "boolean")
      return invalidType(flag, "a boolean", body[flag]);
  }
  for (const text of ["instructions", "prompt_cache_key"]) {
    if (!isAbsent(body[text]) && typeof body[text] !== "string")
      return invalidType(text, "a string", body[text]);
  }
  const retention = body.prompt_cache_retention;
  if (!isAbsent(retention) && !(RETENTIONS as readonly unknown[]).includes(retention))
    return invalidValue("prompt_cache_retention", retention, RETENTIONS);
  return maxOutputRefusal(body.max_output_tokens) ?? includeRefusal(body.include) ?? previous(body);
}

function maxOutputRefusal(value: unknown): WireRefusal | null {
  if (isAbsent(value)) return null;
  if (typeof value !== "number" || !Number.isInteger(value))
    return invalidType("max_output_tokens", "an integer", value);
  if (value >= MIN_OUTPUT_TOKENS) return null;
  return {
    message: `Invalid 'max_output_tokens': integer below minimum value. Expected a value >= ${MIN_OUTPUT_TOKENS}, but got ${value} instead.`,
    param: "max_output_tokens",
    code: "integer_below_min_value",
  };
}

function includeRefusal(include: unknown): WireRefusal | null {
  if (isAbsent(include)) return null;
  if (!Array.isArray(include)) return invalidType("include", "an array", include);
  const index = include.findIndex((value) => !(INCLUDABLE as readonly unknown[]).includes(value));
  return index === -1 ? null : invalidValue(`include[${index}]`, include[index], INCLUDABLE);
}

function previous(body: Record<string, unknown>): WireRefusal | null {
  if (isAbsent(body.previous_response_id)) return null;
  return {
    message: `Previous response with id '${String(body.previous_response_id)}' not found.`,
    param: "previous_response_id",
    code: "previous_response_not_found",
  };
}

function toolsRefusal(tools: unknown): WireRefusal | null {
  if (isAbsent(tools)) return null;
  if (!Array.isArray(tools)) return invalidType("tools", "an array", tools);
  for (const [index, tool] of tools.entries()) {
    const param = `tools[${index}]`;
    if (!isObject(tool)) return invalidType(param, "an object", tool);
    if (isAbsent(tool.type)) return missingParameter(`${param}.type`);
    // The mock serves function tools only; the real API has built-in tools besides.
    if (tool.type !== "function") return invalidValue(`${param}.type`, tool.type, ["function"]);
    const name = nameRefusal(tool.name, `${param}.name`);
    if (name !== null) return name;
    if (tool.parameters === undefined) return missingParameter(`${param}.parameters`);
    if (tool.parameters !== null && !isObject(tool.parameters))
      return invalidType(`${param}.parameters`, "an object", tool.parameters);
    if (!isAbsent(tool.strict) && typeof tool.strict !== "boolean")
      return invalidType(`${param}.strict`, "a boolean", tool.strict);
    if (!isAbsent(tool.description) && typeof tool.description !== "string")
      return invalidType(`${param}.description`, "a string", tool.description);
  }
  return null;
}

function toolChoiceRefusal(choice: unknown, tools: unknown): WireRefusal | null {
  if (isAbsent(choice)) return null;
  const names = Array.isArray(tools) ? tools.map((tool) => (tool as { name: string }).name) : [];
  if (names.length === 0) {
    return {
      message:
        "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
      param: "tool_choice",
    };
  }
  if (typeof choice === "string") {
    return (TOOL_CHOICES as readonly string[]).includes(choice)
      ? null
      : invalidValue("tool_choice", choice, TOOL_CHOICES);
  }
  if (!isObject(choice)) return invalidType("tool_choice", "a string or an object", choice);
  if (choice.type === "allowed_tools") return null;
  if (choice.type !== "function")
    return invalidValue("tool_choice.type", choice.type, ["function", "allowed_tools"]);
  if (isAbsent(choice.name)) return missingParameter("tool_choice.name");
  if (names.includes(String(choice.name))) return null;
  return {
    message: `Tool choice 'function' with name '${String(choice.name)}' not found in 'tools' parameter.`,
    param: "tool_choice",
  };
}

function textRefusal(text: unknown): WireRefusal | null {
  if (isAbsent(text)) return null;
  if (!isObject(text)) return invalidType("text", "an object", text);
  const format = text.format;
  if (isAbsent(format)) return null;
  if (!isObject(format)) return invalidType("text.format", "an object", format);
  if (isAbsent(format.type)) return missingParameter("text.format.type");
  if (!(TEXT_FORMATS as readonly unknown[]).includes(format.type))
    return invalidValue("text.format.type", format.type, TEXT_FORMATS);
  if (format.type !== "json_schema") return null;
  const name = nameRefusal(format.name, "text.format.name");
  if (name !== null) return name;
  if (isAbsent(format.schema)) return missingParameter("text.format.schema");
  if (!isObject(format.schema))
    return invalidType("text.format.schema", "an object", format.schema);
  if (!isAbsent(format.strict) && typeof format.strict !== "boolean")
    return invalidType("text.format.strict", "a boolean", format.strict);
  return null;
}

/** A function's or schema's name: 1 to 64 letters, digits, `_` or `-`. */
function nameRefusal(name: unknown, param: string): WireRefusal | null {
  if (isAbsent(name) || name === "") return missingParameter(param);
  if (typeof name !== "string") return invalidType(param, "a string", name);
  if (name.length > 64) {
    return {
      message: `Invalid '${param}': string too long. Expected a string with maximum length 64, but got a string with length ${name.length} instead.`,
      param,
      code: "string_above_max_length",
    };
  }
  if (NAME_PATTERN.test(name)) return null;
  return {
    message: `Invalid '${param}': string does not match pattern. Expected a string that matches the pattern '${NAME_PATTERN.source}'.`,
    param,
    code: "invalid_value",
  };
}
