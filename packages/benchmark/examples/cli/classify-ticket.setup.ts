// examples/cli/classify-ticket.setup.ts — what `nucleo benchmark examples/cli/bench.json` races.
import type { BenchmarkSetup } from "@nucleo/benchmark";
import { CatalogAdmission, parseCatalog, type CatalogEntryInput } from "@nucleo/catalog";
import { LlmEnvironment, responseContract } from "@nucleo/conversation";
import { JobDispatcher, type AttemptInfo, type JobContext, type JobResources } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { AbstractModelDependentTool, type ModelDependentToolOptions } from "@nucleo/tools";
import { z } from "zod";

// The job: a one-call tool that labels a support ticket.
const Ticket = z.object({ text: z.string() });
const Label = z.object({
  label: z.enum(["bug", "feature", "question"]),
  why: z.string().describe("The words of the ticket that decide the label."),
});
type Label = z.infer<typeof Label>;
const LABEL = responseContract("ticket_label", Label);
class ClassifyTicket extends AbstractModelDependentTool<z.infer<typeof Ticket>, Label> {
  readonly name = "classify_ticket";
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

const entry = (
  id: string,
  grade: "SMALL" | "XL",
  input: string,
  output: string,
): CatalogEntryInput => ({
  id,
  provider: "openai",
  model: `${id}-2026`,
  grade,
  contextWindow: 128_000,
  outputCeiling: 16_000,
  prices: { currency: "USD", effectiveFrom: "2026-01-01", source: "example", input, output },
  limits: { tokensPerMinute: 1_000_000 },
});

// Pretend models (a real setup builds OpenAiClient or AnthropicClient from the environment):
// "vexa-2" mislabels; the judge gives full marks to a run whose label matches the reference's.
const client = new ScriptedLlmClient([], {
  otherwise: (request, binding) => {
    if (binding.entry.grade === "XL") {
      const { reference, candidate } = JSON.parse(request.messages[0]!.parts[0]!.text) as {
        reference: { answer: Label };
        candidate: { answer: Label };
      };
      const same = candidate.answer.label === reference.answer.label;
      return ScriptedLlmClient.json({
        misusedTools: [],
        accuracy: same ? 7 : 0,
        shownWork: 3,
        reason: same ? "Same label, same evidence." : "A different label than the reference's.",
      });
    }
    const label = binding.entry.id === "vexa-2" ? "question" : "bug";
    return ScriptedLlmClient.json({ label, why: "It says the app crashes on save." });
  },
});

/** The setup the config names: a dispatcher, the environment, the job's factory and its input. */
export default function setup(): BenchmarkSetup<z.infer<typeof Ticket>, Label> {
  const catalog = parseCatalog(
    [
      entry("lumo-1", "SMALL", "0.1", "0.4"),
      entry("vexa-2", "SMALL", "0.05", "0.2"),
      entry("solen-3", "SMALL", "0.2", "0.8"),
      entry("arbiter-9", "XL", "3", "15"),
    ],
    "classify-ticket.setup.ts",
  );
  const admission = new CatalogAdmission({ catalog });
  const environment = LlmEnvironment.from(admission, { openai: client });
  return {
    dispatcher: new JobDispatcher({ admission }),
    environment,
    factory: () => new ClassifyTicket({ environment }),
    input: { text: "The app crashes every time I save a draft." },
    scorer: {
      name: "same_label",
      score: (run, reference) => (run.label === reference.label ? 10 : 0),
    },
  };
}
