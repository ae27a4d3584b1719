/**
 * @nucleo/tools — tools for thinkers and doers: providers, the registry and the hub; one-call
 * model tools with answer correction. Service tools live in `@nucleo/tools-services`.
 *
 * @packageDocumentation
 */
export type {
  ToolProvider,
  ToolInvocation,
  ToolCreationContext,
} from "./provider/tool-provider.js";
export { ClassToolProvider } from "./provider/class-tool-provider.js";
export { ForwardingToolProvider } from "./provider/forwarding-tool-provider.js";
export { ToolRegistry } from "./provider/tool-registry.js";
export {
  ToolHub,
  type Skill,
  type SkillAdmissionRule,
  type SkillAdmissionContext,
  type SkillRequestResult,
} from "./provider/tool-hub.js";
export type { ModelDependent, ModelDependentTool } from "./model/model-dependent.js";
export {
  AbstractModelDependentTool,
  type ModelDependentToolOptions,
  type WiredConversation,
} from "./model/abstract-model-dependent-tool.js";
export { QuickLLMQuestionTool } from "./one-call/quick-llm-question-tool.js";
export { SummarizationTool, type SubmitJob } from "./one-call/summarization-tool.js";
export { AnalyzeViolationTool } from "./one-call/analyze-violation-tool.js";
