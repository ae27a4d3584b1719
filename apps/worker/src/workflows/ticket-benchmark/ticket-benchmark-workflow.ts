import { Benchmark, type Scorer } from "@nucleo/benchmark";
import { z } from "zod";
import type { WorkflowDefinition } from "../workflow-definition.js";
import { ClassifyTicket, TicketInput, type TicketLabel } from "./classify-ticket.js";
import { ticketBenchmarkMock } from "./ticket-benchmark-mock.js";

/** The workflow's input: the ticket, and how many runs each model of the grade gets. */
export const TicketBenchmarkInput = TicketInput.extend({
  times: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(1)
    .describe("Runs per model of the grade (1 to 10)."),
});
export type TicketBenchmarkInput = z.output<typeof TicketBenchmarkInput>;

const sameLabel: Scorer<TicketLabel> = {
  name: "same_label",
  score: (run, reference) => (run.label === reference.label ? 10 : 0),
};

/**
 * The `benchmark_classify_ticket` workflow: the one-call `classify_ticket` tool raced by a
 * benchmark across every open, callable model of its grade (SMALL), each run judged blind at
 * CEILING against the reference and scored in code. The report is published on the job's
 * metadata, so the recorder stores it with its rows; the worker prints it from there.
 */
export const ticketBenchmarkWorkflow: WorkflowDefinition<TicketBenchmarkInput> = {
  name: "benchmark_classify_ticket",
  description:
    "A benchmark races the one-call classify_ticket tool across every model of its grade (SMALL); a blind judge scores each run against the reference.",
  input: TicketBenchmarkInput,
  exampleInput: { text: "The app crashes every time I save a draft with an attachment.", times: 1 },
  start: ({ text, times }, { environment }) => {
    // The table is printed from what the recorder stored, so the benchmark logs nothing itself.
    const benchmark = new Benchmark({
      factory: () => new ClassifyTicket({ environment }),
      environment,
      times,
      scorer: sameLabel,
      log: () => {},
    });
    return { job: benchmark, input: { text } };
  },
  mock: ticketBenchmarkMock,
};
