/**
 * The attribute names this package writes: the GenAI semantic conventions' (v1.41.0) and the
 * few of our own namespace, `nucleo.*`, for what the conventions have no name for (cost, ids,
 * attempts). Spelled once here so a rename upstream is one edit.
 */
export const GEN_AI = {
  operation: "gen_ai.operation.name",
  provider: "gen_ai.provider.name",
  requestModel: "gen_ai.request.model",
  responseModel: "gen_ai.response.model",
  finishReasons: "gen_ai.response.finish_reasons",
  inputTokens: "gen_ai.usage.input_tokens",
  outputTokens: "gen_ai.usage.output_tokens",
  cacheReadTokens: "gen_ai.usage.cache_read.input_tokens",
  cacheCreationTokens: "gen_ai.usage.cache_creation.input_tokens",
  reasoningTokens: "gen_ai.usage.reasoning.output_tokens",
  agentName: "gen_ai.agent.name",
  agentId: "gen_ai.agent.id",
  workflowName: "gen_ai.workflow.name",
  toolName: "gen_ai.tool.name",
  toolArguments: "gen_ai.tool.call.arguments",
  toolResult: "gen_ai.tool.call.result",
  systemInstructions: "gen_ai.system_instructions",
  inputMessages: "gen_ai.input.messages",
  outputMessages: "gen_ai.output.messages",
  toolDefinitions: "gen_ai.tool.definitions",
  errorType: "error.type",
} as const;

/** Our own namespace: what a run has that the conventions do not name. */
export const NUCLEO = {
  jobId: "nucleo.job.id",
  jobClass: "nucleo.job.class",
  parentJobId: "nucleo.job.parent_id",
  workflowId: "nucleo.workflow.id",
  step: "nucleo.step",
  attempt: "nucleo.attempt",
  corrections: "nucleo.corrections",
  entryId: "nucleo.entry.id",
  grade: "nucleo.grade",
  depth: "nucleo.depth",
  cost: "nucleo.cost",
  currency: "nucleo.cost.currency",
  incomplete: "nucleo.incomplete",
  retryReason: "nucleo.retry.reason",
  retryDelayMs: "nucleo.retry.delay_ms",
  tool: "nucleo.tool.name",
  reason: "nucleo.reason",
  skill: "nucleo.skill.name",
} as const;

/** The names of the span events this package adds. */
export const SPAN_EVENTS = {
  retrying: "nucleo.job.retrying",
  toolWithheld: "nucleo.tool.withheld",
  skillAdmitted: "nucleo.skill.admitted",
} as const;
