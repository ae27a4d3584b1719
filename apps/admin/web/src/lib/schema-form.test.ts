import { describe, expect, it } from "vitest";
import { buildInput, describeForm, initialValues, optionKey } from "./schema-form.ts";

const schema = {
  type: "object",
  properties: {
    topic: { type: "string", title: "Topic", description: "What to research" },
    depth: { type: "integer", default: 2 },
    budget: { type: "number" },
    strict: { type: "boolean" },
    notify: { type: "boolean", default: true },
    tone: { enum: ["plain", "formal"] },
    tags: { type: "array", items: { type: "string" } },
    weights: { type: "array", items: { type: "number" } },
    nested: { type: "object", properties: { a: { type: "string" } } },
    either: { anyOf: [{ type: "string" }, { type: "null" }] },
  },
  required: ["topic", "depth", "notify"],
  additionalProperties: false,
};

describe("a workflow's input schema becomes a form", () => {
  it("maps primitives, enums and arrays of primitives to inputs and marks required ones", () => {
    const model = describeForm(schema);
    if (model.kind !== "fields") throw new Error("expected fields");
    const kinds = Object.fromEntries(model.fields.map((field) => [field.name, field.kind]));
    expect(kinds).toEqual({
      topic: "string",
      depth: "integer",
      budget: "number",
      strict: "boolean",
      notify: "boolean",
      tone: "enum",
      tags: "array",
      weights: "array",
      nested: "json",
      either: "json",
    });
    const required = model.fields.filter((field) => field.required).map((field) => field.name);
    expect(required).toEqual(["topic", "depth", "notify"]);
    expect(model.fields[0]).toMatchObject({ title: "Topic", description: "What to research" });
  });

  it("falls back to one JSON textarea when the schema is not an object with properties", () => {
    expect(describeForm({ type: "string" })).toEqual({ kind: "json" });
    expect(describeForm({ type: "object" })).toEqual({ kind: "json" });
    expect(describeForm(null)).toEqual({ kind: "json" });
    expect(describeForm({ type: "object", properties: {} })).toEqual({ kind: "json" });
  });

  it("starts from the schema's defaults", () => {
    const model = describeForm(schema);
    const values = initialValues(model, schema);
    expect(values.depth).toBe("2");
    expect(values.notify).toBe(true);
    expect(values.topic).toBe("");
  });

  it("starts from the workflow's example input over the defaults", () => {
    const model = describeForm(schema);
    const values = initialValues(model, schema, { topic: "tides", depth: 5, tags: ["a", "b"] });
    expect(values).toMatchObject({ topic: "tides", depth: "5", tags: "a\nb", notify: true });
    const whole = describeForm({ type: "array" });
    expect(initialValues(whole, { type: "array" }, [1])).toEqual({ $input: "[\n  1\n]" });
  });
});

describe("the form's values become the submitted input", () => {
  const model = describeForm(schema);
  const filled = { ...initialValues(model, schema), topic: "tides" };

  it("parses numbers, booleans, enums and lists, and leaves empty optional fields out", () => {
    const built = buildInput(model, {
      ...filled,
      budget: "1.5",
      strict: "false",
      tone: optionKey("formal"),
      tags: "alpha\n\n beta \n",
      weights: "1\n2.5",
      nested: '{"a":"x"}',
    });
    expect(built).toEqual({
      ok: true,
      input: {
        topic: "tides",
        depth: 2,
        budget: 1.5,
        strict: false,
        notify: true,
        tone: "formal",
        tags: ["alpha", " beta "],
        weights: [1, 2.5],
        nested: { a: "x" },
      },
    });
  });

  it("names the field whose value does not fit", () => {
    expect(buildInput(model, { ...filled, depth: "2.5" })).toMatchObject({
      ok: false,
      field: "depth",
      message: expect.stringMatching(/whole number/),
    });
    expect(buildInput(model, { ...filled, budget: "lots" })).toMatchObject({
      ok: false,
      field: "budget",
    });
    expect(buildInput(model, { ...filled, weights: "1\nx" })).toMatchObject({
      ok: false,
      field: "weights",
      message: expect.stringMatching(/line 2/),
    });
    expect(buildInput(model, { ...filled, nested: "{" })).toMatchObject({
      ok: false,
      field: "nested",
      message: expect.stringMatching(/JSON/),
    });
  });

  it("refuses an empty required number but sends an empty required string", () => {
    expect(buildInput(model, { ...filled, depth: "" })).toMatchObject({
      ok: false,
      field: "depth",
      message: expect.stringMatching(/required/),
    });
    const built = buildInput(model, { ...filled, topic: "" });
    expect(built).toMatchObject({ ok: true, input: { topic: "" } });
  });

  it("keeps enum options apart by type", () => {
    const numeric = describeForm({
      type: "object",
      properties: { level: { enum: [1, "1"] } },
    });
    expect(buildInput(numeric, { level: optionKey(1) })).toEqual({ ok: true, input: { level: 1 } });
    expect(buildInput(numeric, { level: optionKey("1") })).toEqual({
      ok: true,
      input: { level: "1" },
    });
  });

  it("reads the whole input as JSON when the schema has no fields", () => {
    const whole = describeForm({ type: "array" });
    expect(buildInput(whole, { $input: "[1,2]" })).toEqual({ ok: true, input: [1, 2] });
    expect(buildInput(whole, { $input: "nope" })).toMatchObject({ ok: false, field: "input" });
  });
});
