import type { z } from "zod";

/**
 * The fields of a zod 4 definition this folder reads. zod types `_zod.def` per schema kind;
 * walking an arbitrary answer type needs one loose view of all of them.
 *
 * @internal
 */
export interface SchemaDef {
  readonly type: string;
  /** optional, nullable, default, prefault, readonly, catch, nonoptional. */
  readonly innerType?: z.ZodType;
  /** pipe (and transforms built on it): the side the model's JSON is checked against first. */
  readonly in?: z.ZodType;
  readonly shape?: Readonly<Record<string, z.ZodType>>;
  readonly catchall?: z.ZodType;
  readonly element?: z.ZodType;
  readonly items?: readonly z.ZodType[];
  readonly rest?: z.ZodType | null;
  readonly valueType?: z.ZodType;
  readonly options?: readonly z.ZodType[];
  readonly discriminator?: string;
  readonly left?: z.ZodType;
  readonly entries?: Readonly<Record<string, string | number>>;
  readonly values?: readonly unknown[];
  readonly getter?: () => z.ZodType;
}

/** The definition of `schema`, read loosely. @internal */
export function defOf(schema: z.ZodType): SchemaDef {
  return schema._zod.def as unknown as SchemaDef;
}

/** Wrappers that change presence or defaults but not what a present value must be. */
const WRAPPERS: ReadonlySet<string> = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);

/** Whether `schema` is one of zod's presence wrappers (`optional`, `nullable`, `default`...). @internal */
export function isWrapper(schema: z.ZodType): boolean {
  return WRAPPERS.has(defOf(schema).type);
}

/**
 * The schema a present, non-null value is checked against: wrappers, pipes and lazies peeled.
 *
 * @internal
 */
export function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in) current = def.in;
    else if (def.type === "lazy" && def.getter) current = def.getter();
    else return current;
  }
}

/** Whether `value` is a JSON object (not an array, not null). @internal */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
