import { describe, expect, it } from "vitest";
import { z } from "zod";
import { wireJsonSchema } from "./wire-json-schema.js";
import { wireKeysFromWire, wireKeysToWire } from "./wire-keys.js";

type Shown = {
  properties: Record<string, Shown>;
  required?: string[];
  additionalProperties?: unknown;
  items?: Shown;
  definitions?: Record<string, Shown>;
};
const shown = (schema: z.ZodType) => wireJsonSchema(schema) as unknown as Shown;

describe("wire keys", () => {
  it("an object that converts nothing is passed on as it is, without a copy, and one with any renamed key below is copied", () => {
    const Plain = z.object({
      a: z.number(),
      nested: z.object({ b: z.string() }),
      tags: z.record(z.string(), z.number()),
    });
    const plain = { a: 1, nested: { b: "x" }, tags: { any_key: 2 } };
    expect(wireKeysFromWire(Plain, plain)).toBe(plain);
    expect(wireKeysToWire(Plain, plain)).toBe(plain);
    const Renamed = z.object({ a: z.number(), nested: z.object({ patentNumber: z.string() }) });
    const sent = { a: 1, nested: { patent_number: "EP1" } };
    const converted = wireKeysFromWire(Renamed, sent);
    expect(converted).not.toBe(sent);
    expect(converted).toEqual({ a: 1, nested: { patentNumber: "EP1" } });
    expect(sent).toEqual({ a: 1, nested: { patent_number: "EP1" } });
  });

  it("a declared snake_case key and an acronym key are shown, sent and received exactly as declared", () => {
    const Input = z.strictObject({
      patent_number: z.string(),
      URL: z.string(),
      maxClaims: z.number(),
    });
    expect(Object.keys(shown(Input).properties)).toEqual(["patent_number", "url", "max_claims"]);
    expect(shown(Input).required).toEqual(["patent_number", "url", "max_claims"]);
    const received = wireKeysFromWire(Input, {
      patent_number: "EP1",
      url: "https://x",
      max_claims: 2,
    });
    expect(received).toEqual({ patent_number: "EP1", URL: "https://x", maxClaims: 2 });
    expect(Input.safeParse(received).success).toBe(true);
    expect(wireKeysToWire(Input, received)).toEqual({
      patent_number: "EP1",
      url: "https://x",
      max_claims: 2,
    });
  });

  it("a record's keys are the model's data: kept verbatim both ways, and not named in the JSON Schema", () => {
    const Input = z.object({ claimScores: z.record(z.string(), z.number()) });
    const sent = { claim_scores: { us_123: 1, claimA: 2, URL: 3 } };
    expect(wireKeysFromWire(Input, sent)).toEqual({
      claimScores: { us_123: 1, claimA: 2, URL: 3 },
    });
    expect(wireKeysToWire(Input, { claimScores: { us_123: 1, claimA: 2 } })).toEqual({
      claim_scores: { us_123: 1, claimA: 2 },
    });
    expect(shown(Input).properties.claim_scores!.properties).toBeUndefined();
  });

  it("an enum-keyed record's required keys stay as the enum spells them", () => {
    const Input = z.object({ byKind: z.record(z.enum(["a_b", "cD"]), z.number()) });
    expect(shown(Input).properties.by_kind!.required).toEqual(["a_b", "cD"]);
  });

  it("a record's values are converted by its value schema", () => {
    const Input = z.object({ byRef: z.record(z.string(), z.object({ claimText: z.string() })) });
    expect(wireKeysFromWire(Input, { by_ref: { ep_1: { claim_text: "x" } } })).toEqual({
      byRef: { ep_1: { claimText: "x" } },
    });
  });

  it("a catchall's keys are kept as sent, and its values converted by the catchall", () => {
    const Input = z
      .object({ knownField: z.string() })
      .catchall(z.object({ innerField: z.number() }));
    expect(wireKeysFromWire(Input, { known_field: "k", my_key: { inner_field: 1 } })).toEqual({
      knownField: "k",
      my_key: { innerField: 1 },
    });
    expect(wireKeysToWire(Input, { knownField: "k", myKey: { innerField: 1 } })).toEqual({
      known_field: "k",
      myKey: { inner_field: 1 },
    });
  });

  it("an undeclared key is kept as sent, for a strict schema to refuse", () => {
    const Input = z.strictObject({ maxClaims: z.number() });
    const received = wireKeysFromWire(Input, { max_claims: 1, extra_key: 2 });
    expect(received).toEqual({ maxClaims: 1, extra_key: 2 });
    expect(Input.safeParse(received).success).toBe(false);
  });

  it("values under z.unknown() and z.any() are untouched, deeply", () => {
    const Input = z.object({ rawData: z.unknown(), anyData: z.any() });
    const nested = { deep_key: [{ other_key: 1 }] };
    expect(wireKeysFromWire(Input, { raw_data: nested, any_data: nested })).toEqual({
      rawData: nested,
      anyData: nested,
    });
    expect(wireKeysToWire(Input, { rawData: { camelKey: 1 }, anyData: { camelKey: 2 } })).toEqual({
      raw_data: { camelKey: 1 },
      any_data: { camelKey: 2 },
    });
  });

  it("arrays of objects, nested in arrays and optional wrappers, are converted by their schema at every depth", () => {
    const Input = z.object({
      claimSets: z
        .array(z.array(z.object({ claimText: z.string().optional(), URL: z.string() })))
        .optional(),
    });
    expect(
      wireKeysFromWire(Input, {
        claim_sets: [[{ claim_text: "a", url: "u" }], [{ claim_text: "b", url: "v" }]],
      }),
    ).toEqual({
      claimSets: [[{ claimText: "a", URL: "u" }], [{ claimText: "b", URL: "v" }]],
    });
  });

  it("a tuple converts each item by its own schema and the rest by the rest schema", () => {
    const Input = z.tuple(
      [z.object({ firstName: z.string() })],
      z.object({ restScores: z.record(z.string(), z.number()) }),
    );
    expect(wireKeysFromWire(Input, [{ first_name: "a" }, { rest_scores: { us_1: 1 } }])).toEqual([
      { firstName: "a" },
      { restScores: { us_1: 1 } },
    ]);
  });

  it("a union converts an object by the option declaring each key", () => {
    const Input = z.object({
      pick: z.union([
        z.object({ claimText: z.string() }),
        z.object({ pageScores: z.record(z.string(), z.number()) }),
        z.string(),
      ]),
    });
    expect(wireKeysFromWire(Input, { pick: { claim_text: "x" } })).toEqual({
      pick: { claimText: "x" },
    });
    expect(wireKeysFromWire(Input, { pick: { page_scores: { us_2: 2 } } })).toEqual({
      pick: { pageScores: { us_2: 2 } },
    });
    expect(wireKeysFromWire(Input, { pick: "plain" })).toEqual({ pick: "plain" });
  });

  it("a discriminated union converts an object by the option its tag names", () => {
    const Input = z.discriminatedUnion("kindName", [
      z.object({ kindName: z.literal("fields"), data: z.object({ fooBar: z.string() }) }),
      z.object({ kindName: z.literal("scores"), data: z.record(z.string(), z.number()) }),
    ]);
    expect(wireKeysFromWire(Input, { kind_name: "scores", data: { us_1: 1 } })).toEqual({
      kindName: "scores",
      data: { us_1: 1 },
    });
    expect(wireKeysFromWire(Input, { kind_name: "fields", data: { foo_bar: "x" } })).toEqual({
      kindName: "fields",
      data: { fooBar: "x" },
    });
    expect(wireKeysToWire(Input, { kindName: "scores", data: { usOne: 1 } })).toEqual({
      kind_name: "scores",
      data: { usOne: 1 },
    });
  });

  it("an intersection converts the keys either side declares", () => {
    const Input = z.intersection(
      z.object({ leftField: z.string() }),
      z.object({ URL: z.string() }),
    );
    expect(wireKeysFromWire(Input, { left_field: "l", url: "r" })).toEqual({
      leftField: "l",
      URL: "r",
    });
  });

  it("a recursive schema (z.lazy or a getter) converts at every depth and shows every depth in the wire's spelling", () => {
    type Node = { nodeName: string; tagScores: Record<string, number>; childNodes: Node[] };
    const Tags = z.record(z.string(), z.number());
    const Lazy: z.ZodType<Node> = z.lazy(() =>
      z.object({ nodeName: z.string(), tagScores: Tags, childNodes: z.array(Lazy) }),
    );
    const Getter = z.object({
      nodeName: z.string(),
      tagScores: Tags,
      get childNodes() {
        return z.array(Getter);
      },
    });
    const leaf = (name: string, children: object[]) => ({
      node_name: name,
      tag_scores: { us_1: 1 },
      child_nodes: children,
    });
    const node = (name: string, children: object[]) => ({
      nodeName: name,
      tagScores: { us_1: 1 },
      childNodes: children,
    });
    const sent = leaf("a", [leaf("b", [leaf("c", [])])]);
    const expected = node("a", [node("b", [node("c", [])])]);
    for (const schema of [Lazy, Getter] as z.ZodType[]) {
      expect(wireKeysFromWire(schema, sent)).toEqual(expected);
      expect(wireKeysToWire(schema, expected)).toEqual(sent);
    }
    const Wrapped = z.object({ rootTree: Getter });
    expect(JSON.stringify(wireJsonSchema(Wrapped))).not.toMatch(/nodeName|childNodes/);
  });

  it("a pipe reads the wire by its input side and writes it by its output side", () => {
    const Input = z.object({
      rawCount: z
        .object({ countText: z.string() })
        .pipe(z.transform((value) => ({ parsedCount: Number(value.countText) }))),
    });
    expect(wireKeysFromWire(Input, { raw_count: { count_text: "3" } })).toEqual({
      rawCount: { countText: "3" },
    });
    expect(wireKeysToWire(Input, { rawCount: { parsedCount: 3 } })).toEqual({
      raw_count: { parsedCount: 3 },
    });
  });

  it("a __proto__ key the model sends stays an own data property and never becomes a prototype", () => {
    const Input = z.object({ scoreMap: z.record(z.string(), z.unknown()) }).catchall(z.unknown());
    const sent = JSON.parse(
      '{"score_map":{"__proto__":{"polluted":true}},"__proto__":{"polluted":true}}',
    ) as Record<string, unknown>;
    const received = wireKeysFromWire(Input, sent) as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(received)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(received.scoreMap)).toBe(Object.prototype);
    expect(Object.hasOwn(received, "__proto__")).toBe(true);
    expect(Object.hasOwn(received.scoreMap!, "__proto__")).toBe(true);
    expect((received as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("two declared keys on one wire name: the one spelled the wire's way keeps it, the other its own spelling, in the JSON Schema too", () => {
    const Input = z.strictObject({
      fooBar: z.string(),
      foo_bar: z.string(),
      bazQux: z.string(),
      baz_Qux: z.string(),
    });
    const names = Object.keys(shown(Input).properties);
    expect(names).toEqual(["fooBar", "foo_bar", "baz_qux", "baz_Qux"]);
    const sent = Object.fromEntries(names.map((name) => [name, name]));
    const received = wireKeysFromWire(Input, sent);
    expect(received).toEqual({
      fooBar: "fooBar",
      foo_bar: "foo_bar",
      bazQux: "baz_qux",
      baz_Qux: "baz_Qux",
    });
    expect(Input.safeParse(received).success).toBe(true);
    expect(wireKeysToWire(Input, received)).toEqual(sent);
  });

  it("the declared spelling is accepted too, but the name the model was shown wins when both are sent", () => {
    const Input = z.object({ maxClaims: z.number() });
    expect(wireKeysFromWire(Input, { maxClaims: 1 })).toEqual({ maxClaims: 1 });
    expect(wireKeysFromWire(Input, { max_claims: 1, maxClaims: 2 })).toEqual({ maxClaims: 1 });
    expect(wireKeysFromWire(Input, { maxClaims: 2, max_claims: 1 })).toEqual({ maxClaims: 1 });
  });

  it("a value of the wrong shape is returned as it is, for the schema to refuse", () => {
    const Input = z.object({ claimList: z.array(z.object({ claimText: z.string() })) });
    expect(wireKeysFromWire(Input, "text")).toBe("text");
    expect(wireKeysFromWire(Input, { claim_list: "text" })).toEqual({ claimList: "text" });
  });

  it("the input is never changed", () => {
    const Input = z.object({ claimList: z.array(z.object({ claimText: z.string() })) });
    const sent = { claim_list: [{ claim_text: "x" }] };
    wireKeysFromWire(Input, sent);
    expect(sent).toEqual({ claim_list: [{ claim_text: "x" }] });
  });
});
