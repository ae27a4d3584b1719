/**
 * The submit form, generated from a workflow's input JSON Schema: an object's string, number,
 * integer, boolean, enum and array-of-primitive properties become inputs; any other property
 * (nested objects, unions, tuples) is a JSON textarea of its own, and a schema that is not an
 * object with properties is one JSON textarea for the whole input. Pure: the page keeps the
 * values as text and {@link buildInput} turns them into the input to submit.
 *
 * @packageDocumentation
 */

/** A primitive a field or an array's items can hold. */
export type PrimitiveKind = "string" | "number" | "integer" | "boolean" | "enum";

/** One input of the form. */
export type FormField =
  | {
      readonly name: string;
      readonly kind: PrimitiveKind;
      readonly required: boolean;
      readonly title: string;
      readonly description: string;
      /** The allowed values, for `enum`. */
      readonly options: readonly unknown[];
    }
  | {
      readonly name: string;
      readonly kind: "array";
      readonly items: PrimitiveKind;
      readonly required: boolean;
      readonly title: string;
      readonly description: string;
      readonly options: readonly unknown[];
    }
  | {
      readonly name: string;
      readonly kind: "json";
      readonly required: boolean;
      readonly title: string;
      readonly description: string;
      readonly options: readonly unknown[];
    };

/** The form for a schema: fields, or one JSON textarea for the whole input. */
export type FormModel =
  | { readonly kind: "fields"; readonly fields: readonly FormField[] }
  | { readonly kind: "json" };

/** What the page holds per field: text (or `true`/`false` for a required boolean's checkbox). */
export type FormValues = Readonly<Record<string, string | boolean>>;

type Schema = Readonly<Record<string, unknown>>;

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function primitiveKind(schema: Schema): PrimitiveKind | null {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return "enum";
  if ("const" in schema) return "enum";
  const type = schema.type;
  if (type === "string" || type === "number" || type === "integer" || type === "boolean") {
    return type;
  }
  return null;
}

function enumOptions(schema: Schema): readonly unknown[] {
  if (Array.isArray(schema.enum)) return schema.enum;
  return "const" in schema ? [schema.const] : [];
}

function describeField(name: string, schema: unknown, required: boolean): FormField {
  const node: Schema = isSchema(schema) ? schema : {};
  const title = typeof node.title === "string" ? node.title : name;
  const description = typeof node.description === "string" ? node.description : "";
  const base = { name, required, title, description };
  const kind = primitiveKind(node);
  if (kind) return { ...base, kind, options: enumOptions(node) };
  if (node.type === "array" && isSchema(node.items)) {
    const items = primitiveKind(node.items);
    if (items) return { ...base, kind: "array", items, options: enumOptions(node.items) };
  }
  return { ...base, kind: "json", options: [] };
}

/**
 * The form for a workflow's input schema.
 *
 * @example describeForm({ type: "object", properties: { topic: { type: "string" } } });
 * // { kind: "fields", fields: [{ name: "topic", kind: "string", required: false, ... }] }
 */
export function describeForm(schema: unknown): FormModel {
  if (!isSchema(schema) || schema.type !== "object" || !isSchema(schema.properties)) {
    return { kind: "json" };
  }
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((n) => typeof n === "string") : [],
  );
  const fields = Object.entries(schema.properties).map(([name, property]) =>
    describeField(name, property, required.has(name)),
  );
  return fields.length === 0 ? { kind: "json" } : { kind: "fields", fields };
}

/** The text an enum option is shown and kept as: JSON, so `"1"` and `1` stay apart. */
export function optionKey(option: unknown): string {
  return JSON.stringify(option) ?? "null";
}

/**
 * The values a fresh form starts with: the workflow's example input where it has one, else
 * each property's `default`; text for inputs, a checkbox state for required booleans.
 *
 * @example initialValues(model, schema, { topic: "tides" }); // { topic: "tides", depth: "3" }
 */
export function initialValues(
  model: FormModel,
  schema: unknown,
  example?: unknown,
): Record<string, string | boolean> {
  if (model.kind === "json") {
    return { $input: example === undefined ? "{}" : (JSON.stringify(example, null, 2) ?? "{}") };
  }
  const properties = isSchema(schema) && isSchema(schema.properties) ? schema.properties : {};
  const given = isSchema(example) ? example : {};
  const values: Record<string, string | boolean> = {};
  for (const field of model.fields) {
    const property = properties[field.name];
    const fallback =
      field.name in given ? given[field.name] : isSchema(property) ? property.default : undefined;
    values[field.name] = initialValue(field, fallback);
  }
  return values;
}

function initialValue(field: FormField, fallback: unknown): string | boolean {
  if (field.kind === "boolean" && field.required) return fallback === true;
  if (fallback === undefined) return "";
  switch (field.kind) {
    case "enum":
    case "boolean":
      return optionKey(fallback);
    case "array":
      return Array.isArray(fallback) ? fallback.map((item) => String(item)).join("\n") : "";
    case "json":
      return JSON.stringify(fallback, null, 2);
    default:
      return String(fallback);
  }
}

/** The input to submit, or the field at fault and why. */
export type BuiltInput =
  | { readonly ok: true; readonly input: unknown }
  | { readonly ok: false; readonly field: string; readonly message: string };

class FieldError extends Error {}

function parsePrimitive(kind: PrimitiveKind, text: string, options: readonly unknown[]): unknown {
  switch (kind) {
    case "string":
      return text;
    case "number":
    case "integer": {
      const value = Number(text.trim());
      if (text.trim() === "" || !Number.isFinite(value)) {
        throw new FieldError(`must be a number, not ${JSON.stringify(text)}`);
      }
      if (kind === "integer" && !Number.isInteger(value)) {
        throw new FieldError(`must be a whole number, not ${JSON.stringify(text)}`);
      }
      return value;
    }
    case "boolean":
      if (text === "true" || text === "false") return text === "true";
      throw new FieldError(`must be true or false, not ${JSON.stringify(text)}`);
    case "enum": {
      const found = options.find((option) => optionKey(option) === text);
      if (found === undefined) throw new FieldError(`must be one of the listed values`);
      return found;
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new FieldError(`is not valid JSON (${(error as Error).message})`);
  }
}

function fieldValue(field: FormField, raw: string | boolean | undefined): unknown {
  if (typeof raw === "boolean") return raw;
  const text = raw ?? "";
  // An optional field left empty is left out; a required string may legitimately be "".
  if (text === "" && !(field.kind === "string" && field.required)) {
    if (field.required) throw new FieldError("is required");
    return undefined;
  }
  if (field.kind === "json") return parseJson(text);
  if (field.kind === "array") {
    const lines = text.split("\n").filter((line) => line.trim() !== "");
    return lines.map((line, index) => {
      try {
        return parsePrimitive(
          field.items,
          field.items === "string" ? line : line.trim(),
          field.options,
        );
      } catch (error) {
        throw new FieldError(`line ${index + 1} ${(error as Error).message}`);
      }
    });
  }
  return parsePrimitive(field.kind, text, field.options);
}

/**
 * Turns the form's values into the workflow input, checking each field against its kind.
 *
 * @example buildInput(model, { topic: "tides", depth: "3" }); // { ok: true, input: {...} }
 */
export function buildInput(model: FormModel, values: FormValues): BuiltInput {
  if (model.kind === "json") {
    const text = values.$input;
    try {
      return { ok: true, input: parseJson(typeof text === "string" ? text : "") };
    } catch (error) {
      return { ok: false, field: "input", message: `input ${(error as Error).message}` };
    }
  }
  const input: Record<string, unknown> = {};
  for (const field of model.fields) {
    try {
      const value = fieldValue(field, values[field.name]);
      if (value !== undefined) input[field.name] = value;
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      return { ok: false, field: field.name, message: `${field.title} ${error.message}` };
    }
  }
  return { ok: true, input };
}
