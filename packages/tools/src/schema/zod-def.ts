import type { z } from "zod";

/**
 * The fields of a zod 4 definition the wire helpers read. zod types `_zod.def` per schema
 * kind; walking an arbitrary schema needs one loose view of all of them.
 *
 * @internal
 */
export interface ZodDef {
  readonly type: string;
  /** optional, nullable, default, prefault, readonly, nonoptional, catch, success. */
  readonly innerType?: z.ZodType;
  /** pipe: the side the model's JSON is checked against. */
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
  readonly getter?: () => z.ZodType;
}

/** The definition of `schema`, read loosely. @internal */
export function defOf(schema: z.ZodType): ZodDef {
  return schema._zod.def as unknown as ZodDef;
}

/** Wrappers whose present value is checked against their `innerType`. @internal */
export const WRAPPERS: ReadonlySet<string> = new Set(["optional", "nullable", "default", "prefault", "readonly", "nonoptional", "catch", "success"]);

/** Whether `value` is a JSON object (not an array, not null). @internal */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
