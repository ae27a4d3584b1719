import { InvalidInputError, type JobContext } from "@nucleo/core";
import type { ToolCallPart } from "@nucleo/conversation";
import type { ToolProvider, ToolRegistry } from "@nucleo/tools";

const NONE: readonly ToolProvider[] = Object.freeze([]);

/**
 * The read-only binding, enforced at two points that live here — outside every hook a
 * subclass can override — and that the loop calls itself:
 *
 * - the sweep, after the reconcile hooks return: every tool that is not read-only is kept out
 *   of a bound thinker's palette, whoever registered it (the class's own declared tools too);
 * - the admission check, beside call validation: a call to a tool that is not offered this
 *   turn (unknown, or withheld by the sweep) is refused, whatever the validation hook says.
 *
 * Withheld tools are reported as `tool.withheld` events, once per tool per run: a palette that
 * quietly shrank would look like one that was never populated.
 */
export class ReadOnlyBinding {
  #reported: Set<string> | undefined;
  #offered: readonly ToolProvider[] = NONE;

  constructor(
    /** Whether the run is bound read-only: its sealed scope (the caller's binding, or the class's own `readOnly`). */
    readonly bound: boolean,
    readonly context: Pick<JobContext, "emit">,
  ) {}

  /**
   * The sweep: the providers the model is offered this turn, reporting what it withholds. Bound,
   * it runs afresh every turn — a provider's flag may change (a wrapper forwards a dynamic one).
   */
  sweep(registry: ToolRegistry): readonly ToolProvider[] {
    // Unbound, the palette is the registry as the sweep saw it: its snapshot, which a tool
    // granted mid-turn replaces rather than changes, so that tool is not callable until a turn
    // has offered it.
    if (!this.bound) {
      this.#offered = registry.providers();
      return this.#offered;
    }
    const offered: ToolProvider[] = [];
    for (const provider of registry.providers()) {
      if (provider.readOnly()) {
        offered.push(provider);
        continue;
      }
      this.#reported ??= new Set();
      if (!this.#reported.has(provider.name)) {
        this.#reported.add(provider.name);
        this.context.emit({
          type: "tool.withheld",
          tool: provider.name,
          reason: "the run is bound read-only and the tool is not read-only",
        });
      }
    }
    this.#offered = offered;
    return offered;
  }

  /**
   * The admission check: the provider for `call` when the last sweep offered it.
   *
   * @throws {InvalidInputError} (correctable) naming the call's position, never the name the
   * model wrote: an unknown name, or one the binding withheld.
   */
  admit(call: ToolCallPart, registry: ToolRegistry): ToolProvider {
    const offered = this.#offered.find((provider) => provider.name === call.name);
    if (offered) return offered;
    const withheld = this.bound && registry.has(call.name);
    throw new InvalidInputError({
      parameter: "tool_call.name",
      expected: withheld
        ? "a tool offered in this turn (that tool is withheld: this task is bound read-only)"
        : `the name of a tool offered in this turn (${this.#offered.map((provider) => provider.name).join(", ") || "none are offered"})`,
    });
  }
}
