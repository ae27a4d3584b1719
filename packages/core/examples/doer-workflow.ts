// examples/doer-workflow.ts
import {
  AbstractDoer,
  AbstractTool,
  CostLedger,
  JobDispatcher,
  RunLog,
  walkTrajectory,
  type JobContext,
} from "@nucleo/core";
import { z } from "zod";

const Text = z.object({ text: z.string() });

/** Pretends to ask a model: reports the call so the ledger can price it. */
class Shout extends AbstractTool<z.infer<typeof Text>, string> {
  readonly name = "shout";
  readonly input = Text;
  readonly output = z.string();
  override readonly readOnly = true; // allowed under the read-only binding the workflow runs in
  execute(input: z.infer<typeof Text>, _resources: unknown, context: JobContext) {
    context.emit({
      type: "llm.call",
      entryId: "demo",
      providerModel: "demo/echo",
      usage: { inputTokens: 10, outputTokens: 10 },
      cost: "0.0000125",
      currency: "USD",
      latencyMs: 0,
      stopReason: "end",
      attempt: context.attempt.number,
      corrections: 0,
    });
    return input.text.toUpperCase();
  }
}

class ShoutAll extends AbstractDoer<{ lines: string[] }, string[]> {
  readonly name = "shout_all";
  readonly input = z.object({ lines: z.array(z.string()) });
  readonly output = z.array(z.string());
  override readonly readOnly = true; // a doer is code: under a read-only binding it says it only reads

  async execute(input: { lines: string[] }, context: JobContext) {
    const first = await context.submitInStep(new Shout(), { text: "begin" }); // ordinal 1
    context.nextStep(); // ordinal 2, shared by the parallel children
    const rest = await Promise.all(
      input.lines.map((text) => context.submitInCurrentStep(new Shout(), { text })),
    );
    return [first, ...rest];
  }
}

const ledger = new CostLedger();
const runLog = new RunLog();
const dispatcher = new JobDispatcher({ observers: [ledger, runLog] });

const workflow = dispatcher.submit(
  new ShoutAll(),
  { lines: ["a", "b"] },
  { scope: { axes: { tenant: "acme" }, readOnly: true } },
);
console.log(await workflow); // [ 'BEGIN', 'A', 'B' ]

walkTrajectory(runLog.trajectory(workflow.id)!, (node, depth) => {
  console.log(`${"  ".repeat(depth)}${node.job.ordinal ?? "-"} ${node.job.jobName}`);
});
// - shout_all
//   1 shout
//   2 shout
//   2 shout

console.log(ledger.totalFor(workflow.id).cost.get("USD")?.toString()); // 0.0000375
