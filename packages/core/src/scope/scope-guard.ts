import { ScopeViolationError } from "./scope-violation-error.js";

/** The identity axes a dispatcher accepts when none are configured. */
export const DEFAULT_SCOPE_AXES: readonly string[] = Object.freeze(["tenant", "ticket"]);

/**
 * What a submission asks for: identity axes to bind (e.g. `{ ticket: "T-42" }`) and whether the
 * job is bound read-only. Whatever the parent already bound is inherited without asking.
 */
export interface ScopeRequest {
  readonly axes?: Readonly<Record<string, string>>;
  readonly readOnly?: boolean;
}

/** A scope as plain data, as events carry it. */
export interface ScopeView {
  readonly axes: Readonly<Record<string, string>>;
  readonly readOnly: boolean;
}

const EMPTY_AXES: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The sealed scope of one job: the identity axes it is bound to and the read-only binding.
 * The dispatcher seals the parent's guard onto every child; a child may narrow it (bind a new
 * axis, become read-only) but never widen it (rebind an axis, drop read-only) — so a sub-agent
 * of a ticket-bound read-only thinker is bound to the same ticket and read-only, and so are its
 * own descendants, without any class arranging it.
 */
export class ScopeGuard {
  /** The unbound, writable scope of a top-level job that asked for nothing. */
  static readonly OPEN = new ScopeGuard(EMPTY_AXES, false);

  readonly #view: ScopeView;
  /** This guard made read-only, built once: every read-only job under it shares it. */
  #readOnlyTwin: ScopeGuard | undefined;

  private constructor(
    /** Axis name to bound value. Frozen. */
    readonly axes: Readonly<Record<string, string>>,
    /** Whether the job and all its descendants may use read-only tools only. */
    readonly readOnly: boolean,
  ) {
    this.#view = Object.freeze({ axes, readOnly });
    Object.freeze(this);
  }

  /** The value bound to an axis, if any. */
  get(axis: string): string | undefined {
    return Object.hasOwn(this.axes, axis) ? this.axes[axis] : undefined;
  }

  /**
   * The guard a child gets: this one, narrowed by `request`. Returns `this` when the request
   * changes nothing, so children that ask for nothing share their parent's guard.
   *
   * @throws {ScopeViolationError} for an unknown axis, an empty value, a rebound axis or a
   * dropped read-only binding.
   */
  narrow(request: ScopeRequest | undefined, knownAxes: ReadonlySet<string>): ScopeGuard {
    if (request === undefined) return this;
    checkShape(request);
    let axes: Record<string, string> | undefined;
    // Most requests bind no axis (a child going read-only): no entries list is built for them.
    if (request.axes !== undefined)
      for (const [axis, value] of Object.entries(request.axes)) {
        checkAxis(axis, value, knownAxes);
        const bound = this.get(axis);
        if (bound === value) continue;
        if (bound !== undefined) {
          throw new ScopeViolationError({
            axis,
            message: `Scope axis "${axis}" is bound to "${bound}" by the parent job; a child cannot rebind it to "${value}".`,
          });
        }
        axes ??= { ...this.axes };
        axes[axis] = value;
      }
    if (request.readOnly === false && this.readOnly) {
      throw new ScopeViolationError({
        axis: "readOnly",
        message: "The parent job is bound read-only; a child cannot drop the read-only binding.",
      });
    }
    const readOnly = this.readOnly || request.readOnly === true;
    if (axes === undefined)
      return readOnly === this.readOnly
        ? this
        : (this.#readOnlyTwin ??= new ScopeGuard(this.axes, true));
    return new ScopeGuard(Object.freeze(axes), readOnly);
  }

  /** The guard as plain data for events and logs; frozen and shared, so events cost no copy. */
  toJSON(): ScopeView {
    return this.#view;
  }
}

function checkShape(request: ScopeRequest): void {
  if (typeof request !== "object" || request === null) {
    throw new ScopeViolationError({
      axis: "scope",
      message: 'Scope must be an object like { axes: { ticket: "T-1" }, readOnly: true }.',
    });
  }
  if (
    request.axes !== undefined &&
    (typeof request.axes !== "object" || request.axes === null || Array.isArray(request.axes))
  ) {
    throw new ScopeViolationError({
      axis: "axes",
      message: "Scope axes must be an object mapping axis names to values.",
    });
  }
  if (request.readOnly !== undefined && typeof request.readOnly !== "boolean") {
    throw new ScopeViolationError({
      axis: "readOnly",
      message: "Scope readOnly must be true or false.",
    });
  }
}

function checkAxis(axis: string, value: unknown, knownAxes: ReadonlySet<string>): void {
  if (!knownAxes.has(axis)) {
    const known = [...knownAxes].join(", ") || "(none configured)";
    throw new ScopeViolationError({
      axis,
      message: `Unknown scope axis "${axis}"; this dispatcher knows: ${known}.`,
    });
  }
  if (typeof value !== "string" || value.trim() === "") {
    throw new ScopeViolationError({
      axis,
      message: `Scope axis "${axis}" needs a non-empty string value.`,
    });
  }
}
