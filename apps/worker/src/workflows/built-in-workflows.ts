import type { WORKFLOW_NAMES } from "../config/worker-config.js";
import { budgetCheckWorkflow } from "./budget-check/budget-check-workflow.js";
import { supportChatWorkflow } from "./support-chat/support-chat-workflow.js";
import { digestDocumentWorkflow } from "./digest-document/digest-document-workflow.js";
import { ticketBenchmarkWorkflow } from "./ticket-benchmark/ticket-benchmark-workflow.js";
import type { WorkflowDefinition } from "./workflow-definition.js";
import { WorkflowRegistry } from "./workflow-registry.js";

/** The workflows a config may register, by the names it uses. */
export const BUILT_IN_WORKFLOWS: Readonly<
  Record<(typeof WORKFLOW_NAMES)[number], WorkflowDefinition>
> = {
  budget_check: budgetCheckWorkflow,
  benchmark_classify_ticket: ticketBenchmarkWorkflow,
  digest_document: digestDocumentWorkflow,
  support_chat: supportChatWorkflow,
};

/** A registry of the built-in workflows a config names, in its order. */
export function registerWorkflows(
  names: readonly (typeof WORKFLOW_NAMES)[number][],
): WorkflowRegistry {
  return new WorkflowRegistry(names.map((name) => BUILT_IN_WORKFLOWS[name]));
}
