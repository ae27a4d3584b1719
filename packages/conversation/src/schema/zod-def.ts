import type { z } from "zod";

/**
 * The fields of a zod 4 definition that Nucleo's schema walkers read (the wire keys, refusals,
 * a thinker's answer boundary). zod types `_zod.def` per schema kind; walking an arbitrary
 * schema needs one loose view of all of them.
 */
export interface ZodDef {
  readonly type: string;
  /** optional, nullable, default, prefault, readonly, nonoptional, catch, success. */
  readonly innerType?: z.ZodType;
  /** pipe (and transforms built on it): the side the model's JSON is checked against. */
  readonly in?: z.ZodType;
  /** pipe: the side the parsed value comes out of. */
  readonly out?: z.ZodType;
  readonly shape?: Readonly<Record<string, z.ZodType>>;
  readonly catchall?: z.ZodType;
  readonly element?: z.ZodType;
  readonly items?: readonly z.ZodType[];
  readonly rest?: z.ZodType | null;
  readonly valueType?: z.ZodType;
  readonly options?: readonly z.ZodType[];
  readonly discriminator?: string;
  readonly left?: z.ZodType;
  readonly right?: z.ZodType;
  /** enum: its members, by name. */
  readonly entries?: Readonly<Record<string, string | number>>;
  /** literal: the values it accepts. */
  readonly values?: readonly unknown[];
  readonly getter?: () => z.ZodType;
}

/**
 * The definition of `schema`, read loosely.
 *
 * @example
 * zodDef(z.string().optional()).type; // "optional"
 */
export function zodDef(schema: z.ZodType): ZodDef {
  return schema._zod.def as unknown as ZodDef;
}

/** Wrappers whose present value is checked against their `innerType`. @internal */
export const WRAPPERS: ReadonlySet<string> = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "readonly",
  "nonoptional",
  "catch",
  "success",
]);

/**
 * Whether `schema` is one of zod's wrappers (`optional`, `nullable`, `default`...): they change
 * presence or defaults, not what a present value must be.
 */
export function isZodWrapper(schema: z.ZodType): boolean {
  return WRAPPERS.has(zodDef(schema).type);
}

/**
 * The schema a present, non-null value is checked against: wrappers, pipes and lazies peeled.
 *
 * @example
 * unwrapZod(z.string().optional().default("x")); // the z.string()
 */
export function unwrapZod(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = zodDef(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in) current = def.in;
    else if (def.type === "lazy" && def.getter) current = def.getter();
    else return current;
  }
}

/**
 * Whether `value` is a JSON object (not an array, not null).
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
