import { hasBrand } from "../errors/brand.js";
import { LLMReadableError } from "../errors/llm-readable-error.js";

const SCOPE_VIOLATION = Symbol.for("nucleo.error.scope-violation");

/**
 * A submission asked for a scope it may not have: an unknown axis, an empty value, or a
 * widening of its parent's scope (rebinding an axis, or dropping the read-only binding).
 * Not correctable: the scope is a guarantee, not a suggestion.
 */
export class ScopeViolationError extends LLMReadableError {
  readonly code = "scope_violation";
  readonly correctable = false;
  /** The axis (or `readOnly`) that was refused. */
  readonly axis: string;

  constructor(options: { axis: string; message: string }) {
    super(options.message);
    Object.defineProperty(this, SCOPE_VIOLATION, { value: true });
    this.axis = options.axis;
  }

  /** True for any {@link ScopeViolationError}, from whichever copy of this package it came. */
  static override isInstance(value: unknown): value is ScopeViolationError {
    return hasBrand(value, SCOPE_VIOLATION);
  }
}
