import type { z } from "zod";
import { zodDef, WRAPPERS } from "./zod-def.js";
import { wireNamesOf } from "./wire-names.js";

/** Which way a plan converts: from the model's spelling, or to it. @internal */
export type WireDirection = "fromWire" | "toWire";

/**
 * How to convert the keys of a value of one schema, worked out once per schema and direction.
 * Plans are mutable only while they are built (a recursive schema refers to its own plan) and
 * while a union works out its merged view on first use.
 *
 * @internal
 */
export type WireKeyPlan = KeepPlan | ObjectPlan | ArrayPlan | TuplePlan | LazyPlan | UnionPlan;

/** The value is kept as it is, deeply: a primitive, `z.unknown()`, a custom type. */
export interface KeepPlan {
  readonly kind: "keep";
}

/** A declared field, looked up by the key the value carries. */
export interface FieldPlan {
  /** The key written to the converted object. */
  readonly name: string;
  readonly plan: WireKeyPlan;
  /** True when the key is the TypeScript spelling accepted from the wire: a wire name wins over it. */
  readonly alias: boolean;
}

/** An object (a record is one with no declared fields): declared keys renamed, others kept. */
export interface ObjectPlan {
  readonly kind: "object";
  readonly fields: Map<string, FieldPlan>;
  /** How values under undeclared keys convert (a catchall's or a record's), if at all. */
  catchall: WireKeyPlan | undefined;
  /** To the wire: the declared fields' wire names, which an undeclared key may not overwrite. */
  readonly reserved: Set<string> | undefined;
  /**
   * True when converting changes nothing: every declared key is spelled the same on both sides
   * and no value under it, or under an undeclared key, converts. Such an object is passed on as
   * it is, without a copy (most tools' arguments and results, most answers).
   */
  identity?: boolean;
}

export interface ArrayPlan {
  readonly kind: "array";
  element: WireKeyPlan;
}

export interface TuplePlan {
  readonly kind: "tuple";
  readonly items: WireKeyPlan[];
  rest: WireKeyPlan;
}

/** A `z.lazy`: resolved on first use, so a recursive schema compiles in finite time. */
export interface LazyPlan {
  readonly kind: "lazy";
  readonly schema: z.ZodType;
  readonly direction: WireDirection;
  target: WireKeyPlan | undefined;
}

/** A union or an intersection: its options are merged on first use (see `wire-keys.ts`). */
export interface UnionPlan {
  readonly kind: "union";
  readonly direction: WireDirection;
  readonly options: readonly WireKeyPlan[];
  /** The option schemas, for a discriminated union's tags. */
  readonly schemas: readonly z.ZodType[];
  readonly discriminator: string | undefined;
  merged: MergedUnion | undefined;
}

/** What a union converts an object or an array by. */
export interface MergedUnion {
  readonly object: ObjectPlan | undefined;
  readonly array: WireKeyPlan | undefined;
  /** A discriminated union's option by tag, and the keys the tag may be sent under. */
  readonly byTag: ReadonlyMap<unknown, WireKeyPlan> | undefined;
  readonly tagKeys: readonly string[];
}

/** The shared plan for a value kept as it is. @internal */
export const KEEP: KeepPlan = Object.freeze({ kind: "keep" });

const plans: Record<WireDirection, WeakMap<z.ZodType, WireKeyPlan>> = {
  fromWire: new WeakMap(),
  toWire: new WeakMap(),
};

/**
 * The plan for `schema` in `direction`, compiled on first use and cached by schema object.
 *
 * @internal
 */
export function wireKeyPlan(schema: z.ZodType, direction: WireDirection): WireKeyPlan {
  const cache = plans[direction];
  let plan = cache.get(schema);
  if (plan === undefined) {
    plan = compile(schema, direction, cache);
    cache.set(schema, plan);
  }
  return plan;
}

function compile(
  schema: z.ZodType,
  direction: WireDirection,
  cache: WeakMap<z.ZodType, WireKeyPlan>,
): WireKeyPlan {
  const def = zodDef(schema);
  const inner = (child: z.ZodType | null | undefined): WireKeyPlan =>
    child ? wireKeyPlan(child, direction) : KEEP;
  // A container is cached before its children compile: a schema reached again through a
  // getter-defined shape then finds its own (still filling) plan instead of recursing forever.
  switch (def.type) {
    case "object": {
      const plan: ObjectPlan = {
        kind: "object",
        fields: new Map(),
        catchall: undefined,
        reserved: direction === "toWire" ? new Set() : undefined,
      };
      cache.set(schema, plan);
      const shape = def.shape ?? {};
      for (const [key, wire] of wireNamesOf(Object.keys(shape))) {
        const field = inner(shape[key]);
        if (direction === "toWire") {
          plan.fields.set(key, { name: wire, plan: field, alias: false });
          plan.reserved!.add(wire);
        } else {
          plan.fields.set(wire, { name: key, plan: field, alias: false });
          // The TypeScript spelling is accepted too; no other key's wire name can equal it.
          if (wire !== key) plan.fields.set(key, { name: key, plan: field, alias: true });
        }
      }
      plan.catchall = openValues(def.catchall, inner);
      plan.identity = changesNothing(plan);
      return plan;
    }
    case "record": {
      // A record's keys are the model's (or the user's) own text: never renamed.
      const plan: ObjectPlan = {
        kind: "object",
        fields: new Map(),
        catchall: undefined,
        reserved: undefined,
      };
      cache.set(schema, plan);
      plan.catchall = openValues(def.valueType, inner);
      plan.identity = changesNothing(plan);
      return plan;
    }
    case "array": {
      const plan: ArrayPlan = { kind: "array", element: KEEP };
      cache.set(schema, plan);
      plan.element = inner(def.element);
      return plan;
    }
    case "tuple": {
      const plan: TuplePlan = { kind: "tuple", items: [], rest: KEEP };
      cache.set(schema, plan);
      for (const item of def.items ?? []) plan.items.push(inner(item));
      plan.rest = inner(def.rest);
      return plan;
    }
    case "union":
    case "discriminatedUnion":
    case "intersection": {
      const schemas =
        def.type === "intersection"
          ? [def.left, def.right].filter((side) => side !== undefined)
          : (def.options ?? []);
      const options: WireKeyPlan[] = [];
      const plan: UnionPlan = {
        kind: "union",
        direction,
        options,
        schemas,
        discriminator: def.discriminator,
        merged: undefined,
      };
      cache.set(schema, plan);
      for (const option of schemas) options.push(inner(option));
      return plan;
    }
    case "pipe":
      return inner(direction === "fromWire" ? def.in : def.out);
    case "lazy":
      return { kind: "lazy", schema, direction, target: undefined };
    default:
      return WRAPPERS.has(def.type) ? inner(def.innerType) : KEEP;
  }
}

/** The plan for the values under keys the schema does not declare; none when they stay as sent. */
function openValues(
  schema: z.ZodType | undefined,
  inner: (child: z.ZodType) => WireKeyPlan,
): WireKeyPlan | undefined {
  if (schema === undefined || zodDef(schema).type === "never") return undefined;
  const plan = inner(schema);
  return plan === KEEP ? undefined : plan;
}

/** Whether an object plan renames no key and converts no value (see {@link ObjectPlan.identity}). */
function changesNothing(plan: ObjectPlan): boolean {
  if (!passesAsIs(plan.catchall)) return false;
  for (const [key, field] of plan.fields)
    if (field.alias || field.name !== key || !passesAsIs(field.plan)) return false;
  return true;
}

/** A value plan that converts nothing: none, keep, or an object plan already known to be identity (a plan still compiling is not). */
function passesAsIs(plan: WireKeyPlan | undefined): boolean {
  return (
    plan === undefined || plan.kind === "keep" || (plan.kind === "object" && plan.identity === true)
  );
}
