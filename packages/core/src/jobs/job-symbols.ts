/**
 * Symbols the dispatcher uses to drive a job. Registered (`Symbol.for`) so a dispatcher and a
 * job from two copies of this package still understand each other.
 *
 * @internal
 */
export const INVOKE = Symbol.for("nucleo.job.invoke");
/** @internal */
export const REQUIREMENTS = Symbol.for("nucleo.job.requirements");
/** @internal */
export const TIMEOUT = Symbol.for("nucleo.job.timeout");
/** @internal Brand of every job. */
export const JOB = Symbol.for("nucleo.job");
/** @internal Brand of resource-free jobs: the dispatcher asks them for no seat and no timeout. */
export const ORCHESTRATOR = Symbol.for("nucleo.job.orchestrator");
/** @internal Brand of coded orchestrations. */
export const DOER = Symbol.for("nucleo.job.doer");
