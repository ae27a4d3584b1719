import { hasBrand } from "../errors/brand.js";

const BINDS_READ_ONLY = Symbol.for("nucleo.job.binds-read-only");

/**
 * Marks a job whose only effects are the children it submits through the dispatcher — which
 * seals a read-only scope onto each of them — so it may run under a read-only scope without
 * declaring `readOnly` itself (declaring it would bind the job under a writable caller too).
 * Mark a class's prototype once (`markBindsReadOnly(MyJob.prototype)`), or one instance.
 * `AbstractThinker` marks its prototype: a thinker reaches the world only through its tools. A
 * doer is code that could write, so it must declare `readOnly = true`.
 */
export function markBindsReadOnly(job: object): void {
  Object.defineProperty(job, BINDS_READ_ONLY, { value: true });
}

/** Whether a job may run under a read-only scope: it declares `readOnly`, or binds itself. @internal */
export function mayRunReadOnly(job: { readonly readOnly?: boolean }): boolean {
  return job.readOnly === true || hasBrand(job, BINDS_READ_ONLY);
}
