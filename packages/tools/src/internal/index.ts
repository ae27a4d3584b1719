/**
 * @nucleo/tools/internal — what Nucleo's own packages share and users do not call: the mark
 * that tells a job taking a seat at a model (a thinker, a one-call tool) from any other job.
 * For Nucleo's own packages: it is published, but
 * unsupported for anyone else (in this repo the architecture test refuses it in apps and
 * test-e2e) and may change in any release.
 *
 * @packageDocumentation
 */
export { isModelDependent, markModelDependent } from "../model/model-dependent.js";
