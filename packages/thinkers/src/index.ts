/**
 * @nucleo/thinkers — the model-driven loop and its guarantees: the answer boundary, the
 * read-only binding, validation guardrails, sub-thinkers, request_tools and request_skill.
 *
 * @packageDocumentation
 */
export * from "./answer/index.js";
export {
  AbstractThinker,
  DEFAULT_MAX_TURNS,
  type ThinkerOptions,
} from "./thinker/abstract-thinker.js";
export { thinkerInput, DepthField, type ThinkerInput } from "./thinker/thinker-input.js";
export { META_PARENT_DEPTH } from "./thinker/run-metadata.js";
export type {
  ValidationGuardrail,
  GuardrailRefusal,
  GuardrailContext,
} from "./thinker/validation-guardrail.js";
export type {
  ThinkerTranscript,
  TranscriptTurn,
  TranscriptToolCall,
} from "./thinker/transcript.js";
export { SingleObjectiveThinker } from "./shapes/single-objective-thinker.js";
export {
  ReactiveThinker,
  ChatTurnInput,
  type ReactiveThinkerOptions,
} from "./shapes/reactive-thinker.js";
export { ChatThinker, type ChatThinkerOptions } from "./shapes/chat-thinker.js";
export { AbstractToollessThinker } from "./shapes/abstract-toolless-thinker.js";
export { SubThinker, SubThinkerOutput } from "./builtins/sub-thinker.js";
export {
  SubThinkerProvider,
  SubThinkerInput,
  SUB_THINKER,
} from "./builtins/sub-thinker-provider.js";
export { RequestToolsProvider, REQUEST_TOOLS } from "./builtins/request-tools-provider.js";
export {
  RequestSkillProvider,
  REQUEST_SKILL,
  type AdmitSkills,
} from "./builtins/request-skill-provider.js";
