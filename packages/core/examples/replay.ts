// examples/replay.ts
import {
  AbstractDoer,
  AbstractTool,
  JobDispatcher,
  type JobContext,
  type RunEvent,
} from "@nucleo/core";
import { z } from "zod";

let sent = 0;
class SendInvoice extends AbstractTool<{ to: string }, { receipt: string }> {
  readonly name = "send_invoice";
  readonly input = z.object({ to: z.string() });
  readonly output = z.object({ receipt: z.string() });
  execute(input: { to: string }, _resources: unknown, context: JobContext) {
    sent += 1; // a real writer hands context.idempotencyKey to its service
    return { receipt: `${input.to}:${context.idempotencyKey}` };
  }
}
class Billing extends AbstractDoer<{ to: string }, string> {
  readonly name = "billing";
  readonly input = z.object({ to: z.string() });
  readonly output = z.string();
  async execute(input: { to: string }, context: JobContext) {
    return (await context.submitInStep(new SendInvoice(), input)).receipt;
  }
}

// The first attempt; an observer that wants content sees each finished job's output.
const finished = new Map<string, { jobId: string; output: unknown }>();
const marks = new Map<string, string>();
const recorder = {
  wantsContent: true,
  onEvent(event: RunEvent) {
    if (event.type === "job.submitted" && event.replay)
      marks.set(event.jobId, `${event.replay.position} ${event.replay.fingerprint}`);
    if (event.type === "job.finished" && marks.has(event.jobId))
      finished.set(marks.get(event.jobId)!, { jobId: event.jobId, output: event.output });
  },
};
const replay = { workflowId: "invoice-42" };
await new JobDispatcher({ observers: [recorder] }).submit(
  new Billing(),
  { to: "acme" },
  { replay },
);
// A second attempt replays the invoice instead of sending it again.
const source = {
  recall: (position: string, fingerprint: string) => finished.get(`${position} ${fingerprint}`),
};
const receipt = await new JobDispatcher().submit(
  new Billing(),
  { to: "acme" },
  { replay: { ...replay, source } },
);
console.log(receipt, sent); // acme:invoice-42/1.send_invoice.0 1
