/**
 * @nucleo/tools — tools for thinkers and doers: providers, the registry and the hub; one-call
 * model tools with answer correction; service tools with the three outcomes.
 *
 * @packageDocumentation
 */
export type { ToolProvider, ToolInvocation, ToolCreationContext } from "./provider/tool-provider.js";
export { ClassToolProvider } from "./provider/class-tool-provider.js";
export { ForwardingToolProvider } from "./provider/forwarding-tool-provider.js";
export { ToolRegistry } from "./provider/tool-registry.js";
export { ToolHub, type Skill, type SkillAdmissionRule, type SkillAdmissionContext, type SkillRequestResult } from "./provider/tool-hub.js";
export { WireCase } from "./schema/wire-case.js";
export { wireJsonSchema } from "./schema/wire-json-schema.js";
export { wireKeysFromWire, wireKeysToWire } from "./schema/wire-keys.js";
export { describeWireIssue, type WireIssue, type DescribeWireIssueOptions } from "./schema/wire-issue.js";
export { declaredType } from "./schema/declared-type.js";
export { zodDef, unwrapZod, isZodWrapper, isJsonObject, type ZodDef } from "./schema/zod-def.js";
export { isModelDependent, markModelDependent, type ModelDependent, type ModelDependentTool } from "./model/model-dependent.js";
export { AbstractModelDependentTool, type ModelDependentToolOptions, type WiredConversation } from "./model/abstract-model-dependent-tool.js";
export { QuickLLMQuestionTool } from "./one-call/quick-llm-question-tool.js";
export { SummarizationTool, type SubmitJob } from "./one-call/summarization-tool.js";
export { AnalyzeViolationTool } from "./one-call/analyze-violation-tool.js";
export { WebFetchTool, PubMedFetchTool, EPOClaimsTool } from "./service/index.js";
export type {
  WebFetchInput,
  WebFetchOutput,
  WebFetchToolOptions,
  HostLookup,
  PubMedFetchInput,
  PubMedFetchOutput,
  PubMedFetchToolOptions,
  PubMedArticle,
  EPOClaimsInput,
  EPOClaimsOutput,
  EPOClaimsToolOptions,
  FetchFunction,
} from "./service/index.js";
