import { responseContract } from "@nucleo/conversation";
import type { AttemptInfo, JobContext, JobResources } from "@nucleo/core";
import { AbstractModelDependentTool, type ModelDependentToolOptions } from "@nucleo/tools";
import { z } from "zod";

/** A support ticket to label. */
export const TicketInput = z.object({
  text: z
    .string()
    .min(1, "expected the ticket's text")
    .max(20_000)
    .describe("The ticket, as the customer wrote it."),
});
export type TicketInput = z.infer<typeof TicketInput>;

/** The label and the words that decide it. */
export const TicketLabel = z.object({
  label: z.enum(["bug", "feature", "question"]),
  why: z.string().describe("The words of the ticket that decide the label."),
});
export type TicketLabel = z.infer<typeof TicketLabel>;

const LABEL = responseContract("ticket_label", TicketLabel);

/** The tool's instructions; the mock provider recognises its requests by them. */
export const CLASSIFY_INSTRUCTIONS =
  "Label the support ticket: bug (something is broken), feature (a request for something new) or question (how to do something).";

/** A one-call tool at SMALL: one exchange with a model labels a support ticket. */
export class ClassifyTicket extends AbstractModelDependentTool<TicketInput, TicketLabel> {
  readonly name = "classify_ticket";
  override readonly description =
    "Label a support ticket as a bug, a feature request or a question.";
  readonly input = TicketInput;
  readonly output = TicketLabel;
  override readonly readOnly = true;

  constructor(options: ModelDependentToolOptions) {
    super({ grade: "SMALL", ...options });
  }

  override requirements(input: TicketInput, attempt: AttemptInfo) {
    return this.wireConversation(
      input,
      attempt,
      { depth: "QUICK", output: "VERDICT", contract: LABEL },
      CLASSIFY_INSTRUCTIONS,
    );
  }

  async execute(_input: TicketInput, resources: JobResources, context: JobContext) {
    return this.converse(resources, context);
  }
}
