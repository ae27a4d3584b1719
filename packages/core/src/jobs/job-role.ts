import type { AbstractJob } from "./abstract-job.js";

/**
 * What a job is beyond tool or orchestrator, for observers that present runs (a trace, a
 * console): `agent` for a model-driven orchestrator (a thinker), `model_call` for a job whose
 * whole work is one model exchange on its caller's behalf (a thinker's turn, `LLMCall`).
 * Plain work has no role.
 */
export type JobRole = "agent" | "model_call";

const ROLE = Symbol.for("nucleo.jobRole");

/**
 * Marks every job of a class (and its subclasses) with `role`. Set on the prototype, once per
 * class: a job is constructed for every call, and nothing is added per instance.
 *
 * @example
 * markJobRole(AbstractThinker.prototype, "agent");
 */
export function markJobRole(prototype: object, role: JobRole): void {
  Object.defineProperty(prototype, ROLE, { value: role, enumerable: false, configurable: true });
}

/**
 * The role a job was marked with, or `undefined`. Never throws: a job whose prototype chain
 * misbehaves (a hostile proxy) simply has no role.
 *
 * @internal
 */
export function jobRoleOf(job: AbstractJob<unknown, unknown>): JobRole | undefined {
  try {
    const role = (job as unknown as Record<symbol, unknown>)[ROLE];
    return role === "agent" || role === "model_call" ? role : undefined;
  } catch {
    return undefined;
  }
}
