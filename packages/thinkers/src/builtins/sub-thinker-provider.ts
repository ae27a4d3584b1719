import {
  InvalidInputError,
  SystemError,
  writeSummarizedWithRefs,
  type AbstractJob,
} from "@nucleo/core";
import type { JsonSchema } from "@nucleo/conversation";
import {
  describeWireIssue,
  wireJsonSchema,
  wireKeysFromWire,
  wireKeysToWire,
} from "@nucleo/conversation/internal";
import type { ToolCreationContext, ToolInvocation, ToolProvider } from "@nucleo/tools";
import { z } from "zod";
import { DepthField } from "../thinker/thinker-input.js";
import { DELEGATION, type DelegationSeed } from "../thinker/delegation-seed.js";
import { SubThinkerOutput } from "./sub-thinker-output.js";

/** The name the model calls the delegation door by. */
export const SUB_THINKER = "sub_thinker";

/** What a parent's model sends to delegate: the objective, and the artifacts it conveys by ref. */
export const SubThinkerInput = z.object({
  objective: z
    .string()
    .min(1)
    .describe(
      "The self-contained piece of work to delegate, stated in full: the delegate sees nothing of your conversation.",
    ),
  artifactRefs: z
    .array(z.string())
    .describe(
      "Refs of the artifacts the delegate needs; only these are conveyed (a ref mentioned only in the objective is not).",
    ),
  depth: DepthField.optional(),
});
/** A delegation's input. */
export type SubThinkerInput = z.infer<typeof SubThinkerInput>;

const WIRE_SCHEMA: JsonSchema = wireJsonSchema(SubThinkerInput);

/** Something that can launch a delegate. */
type DelegateFactory = (
  seed: DelegationSeed,
  input: SubThinkerInput,
) => AbstractJob<SubThinkerInput, unknown>;
let launchDelegate: DelegateFactory | undefined;
let loadingDelegates: Promise<void> | undefined;

/**
 * Runs `next` once the `SubThinker` class is loaded for every thinker's `sub_thinker` door: at
 * once after the process's first run, else when the class has loaded. A dynamic import,
 * because `SubThinker` extends the thinker classes, which hold this door: a static import
 * either way would be a cycle whose outcome depends on which module loads first, and a module
 * that registers itself when imported would be dropped by a bundler trusting
 * `"sideEffects": false`.
 *
 * @internal
 */
export function whenDelegatesLoaded<T>(next: () => T): T | Promise<Awaited<T>> {
  if (launchDelegate !== undefined) return next();
  loadingDelegates ??= import("./sub-thinker.js").then(
    ({ SubThinker }) => {
      launchDelegate = (seed, input) => new SubThinker(seed, input);
    },
    (error: unknown) => {
      // Not remembered: the next run tries again instead of failing the same way for good.
      loadingDelegates = undefined;
      throw error;
    },
  );
  return loadingDelegates.then(next) as Promise<Awaited<T>>;
}

/** What a thinker must expose for its `sub_thinker` door. */
export interface Delegating {
  readonly [DELEGATION]: () => DelegationSeed;
}

/**
 * `sub_thinker`: launches a delegate at the parent's grade with the parent's tools, conveying
 * only the artifacts its input lists. Not read-only (a delegate may do anything its parent
 * may), so the sweep withholds it under a read-only binding; the sealed scope binds the
 * delegate and its descendants in any case.
 */
export class SubThinkerProvider implements ToolProvider {
  readonly name = SUB_THINKER;
  readonly description =
    "Delegate a self-contained piece of the task to a sub-agent that has your tools and works at your grade. It returns a summary, its reasoning, and refs of the artifacts it produced.";
  readonly #parent: Delegating;

  constructor(parent: Delegating) {
    this.#parent = parent;
  }

  inputSchema(): JsonSchema {
    return WIRE_SCHEMA;
  }

  readOnly(): boolean {
    return false;
  }

  invoke(
    wireArguments: Readonly<Record<string, unknown>>,
    _context: ToolCreationContext,
  ): ToolInvocation {
    const input = wireKeysFromWire(SubThinkerInput, wireArguments);
    const parsed = SubThinkerInput.safeParse(input);
    if (!parsed.success) {
      const { parameter, expected } = describeWireIssue(
        SubThinkerInput,
        input,
        parsed.error.issues[0]!,
      );
      throw new InvalidInputError({ parameter, expected, cause: parsed.error });
    }
    const seed = this.#parent[DELEGATION]();
    if (!launchDelegate)
      throw new SystemError({
        code: "no_delegate",
        message:
          "sub_thinker: no delegate can be launched before a thinker's run has started (the run loads SubThinker).",
      });
    return {
      job: launchDelegate(seed, parsed.data) as AbstractJob<unknown, unknown>,
      input: parsed.data,
    };
  }

  /** The delegate's answer, its artifacts written as ref, type and summary (never in full). */
  formatResult(output: unknown): string {
    return writeSummarizedWithRefs(
      wireKeysToWire(SubThinkerOutput, output),
      this.#parent[DELEGATION]().artifacts,
    );
  }
}

/** The `sub_thinker` door of a thinker. */
export function createSubThinkerProvider(parent: Delegating): SubThinkerProvider {
  return new SubThinkerProvider(parent);
}
