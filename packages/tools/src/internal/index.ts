/**
 * @nucleo/tools/internal — what Nucleo's own packages share and users do not call: the mark
 * that tells a job taking a seat at a model (a thinker, a one-call tool) from any other job.
 * Workspace packages only (the architecture test refuses this subpath anywhere else); it may
 * change in any release.
 *
 * @packageDocumentation
 */
export { isModelDependent, markModelDependent } from "../model/model-dependent.js";
