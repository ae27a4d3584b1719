// A small benchmark setup for `nucleo benchmark`'s tests: a one-call tool that labels a ticket,
// three SMALL entries and an XL judge on a scripted client, returned the way a user's setup
// module returns its own. Setup modules the tests write import it by its path.
import type { BenchmarkSetup } from "@nucleo/benchmark";
import { CatalogAdmission, parseCatalog, type CatalogEntryInput } from "@nucleo/catalog";
import { LlmEnvironment, responseContract } from "@nucleo/conversation";
import {
  JobDispatcher,
  SystemError,
  type AttemptInfo,
  type JobContext,
  type JobResources,
} from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { AbstractModelDependentTool, type ModelDependentToolOptions } from "@nucleo/tools";
import { z } from "zod";

const Ticket = z.object({ text: z.string() });
const Label = z.object({ label: z.enum(["bug", "feature", "question"]) });
type Label = z.infer<typeof Label>;
const LABEL = responseContract("ticket_label", Label);

class LabelTicket extends AbstractModelDependentTool<z.infer<typeof Ticket>, Label> {
  readonly name = "label_ticket";
  readonly input = Ticket;
  readonly output = Label;
  override readonly readOnly = true;
  constructor(options: ModelDependentToolOptions) {
    super({ grade: "SMALL", ...options });
  }
  override requirements(input: z.infer<typeof Ticket>, attempt: AttemptInfo) {
    return this.wireConversation(
      input,
      attempt,
      { depth: "QUICK", output: "VERDICT", contract: LABEL },
      "Label the support ticket.",
    );
  }
  async execute(_input: z.infer<typeof Ticket>, resources: JobResources, context: JobContext) {
    return this.converse(resources, context);
  }
}

const entry = (id: string, grade: "SMALL" | "XL"): CatalogEntryInput => ({
  id,
  provider: "openai",
  model: `${id}-2026`,
  grade,
  contextWindow: 128_000,
  outputCeiling: 16_000,
  prices: {
    currency: "USD",
    effectiveFrom: "2026-01-01",
    source: "test",
    input: "0.1",
    output: "0.4",
  },
  limits: { tokensPerMinute: 1_000_000 },
});

/**
 * The setup, counting `close` calls in `closed`. With `failReference`, the first call — the
 * reference's, which runs first and alone — fails for good.
 */
export function ticketSetup(
  closed: { count: number } = { count: 0 },
  options: { failReference?: boolean } = {},
): BenchmarkSetup<z.infer<typeof Ticket>, Label> {
  let first = true;
  const client = new ScriptedLlmClient([], {
    otherwise: (_request, binding) => {
      if (binding.entry.grade === "XL")
        return ScriptedLlmClient.json({
          misusedTools: [],
          accuracy: 7,
          shownWork: 3,
          reason: "Same label.",
        });
      if (first && options.failReference) {
        first = false;
        throw new SystemError({ code: "internal", message: "the reference's model is down" });
      }
      return ScriptedLlmClient.json({ label: "bug" });
    },
  });
  const admission = new CatalogAdmission({
    catalog: parseCatalog(
      [
        entry("lumo-1", "SMALL"),
        entry("vexa-2", "SMALL"),
        entry("solen-3", "SMALL"),
        entry("arbiter-9", "XL"),
      ],
      "ticket-setup.ts",
    ),
  });
  const environment = LlmEnvironment.from(admission, { openai: client });
  return {
    dispatcher: new JobDispatcher({ admission }),
    environment,
    factory: () => new LabelTicket({ environment }),
    input: { text: "The app crashes every time I save a draft." },
    scorer: {
      name: "same_label",
      score: (run, reference) => (run.label === reference.label ? 10 : 0),
    },
    close: () => {
      closed.count += 1;
    },
  };
}
