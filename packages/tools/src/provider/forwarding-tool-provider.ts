import type { JsonSchema } from "@nucleo/conversation";
import type { ToolCreationContext, ToolInvocation, ToolProvider } from "./tool-provider.js";

/**
 * The base of every provider that wraps another (renamed, re-described, instrumented): each
 * member forwards to the wrapped provider unless a subclass overrides it — the read-only flag
 * included, so the description the model reads and the contract admission enforces never
 * drift apart.
 *
 * @example
 * class Renamed extends ForwardingToolProvider {
 *   override readonly name = "search_prior_art";
 * }
 */
export class ForwardingToolProvider implements ToolProvider {
  readonly name: string;
  readonly description: string;

  constructor(protected readonly wrapped: ToolProvider) {
    this.name = wrapped.name;
    this.description = wrapped.description;
  }

  inputSchema(): JsonSchema {
    return this.wrapped.inputSchema();
  }

  readOnly(): boolean {
    return this.wrapped.readOnly();
  }

  invoke(
    wireArguments: Readonly<Record<string, unknown>>,
    context: ToolCreationContext,
  ): ToolInvocation {
    return this.wrapped.invoke(wireArguments, context);
  }

  formatResult(output: unknown): string {
    return this.wrapped.formatResult(output);
  }
}
