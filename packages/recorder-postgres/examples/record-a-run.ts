// examples/record-a-run.ts
import {
  AbstractDoer,
  AbstractTool,
  JobDispatcher,
  walkTrajectory,
  type JobContext,
} from "@nucleo/core";
import { openRecorderDatabase, PostgresRecorder, RecorderQueries } from "@nucleo/recorder-postgres";
import { z } from "zod";

/** Pretends to ask a model: reports the call, with its exact cost, as a real client would. */
class Shout extends AbstractTool<{ text: string }, string> {
  readonly name = "shout";
  readonly input = z.object({ text: z.string() });
  readonly output = z.string();
  execute(input: { text: string }, _resources: unknown, context: JobContext) {
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
  async execute(input: { lines: string[] }, context: JobContext) {
    return await Promise.all(
      input.lines.map((text) => context.submitInStep(new Shout(), { text })),
    );
  }
}

// A PostgreSQL server when DATABASE_URL is set; without it, embedded PGlite in memory
// (`{ dataDir: ".nucleo/pglite" }` keeps it on disk). Migrations run on open.
const { db, close } = await openRecorderDatabase({ url: process.env.DATABASE_URL });
const recorder = new PostgresRecorder({ db });
const dispatcher = new JobDispatcher({ observers: [recorder] });

const handle = dispatcher.submit(new ShoutAll(), { lines: ["a", "b"] });
console.log(await handle); // [ 'A', 'B' ]
await recorder.flush(); // everything the run reported is in the database now

const trajectory = await new RecorderQueries(db).trajectory(handle.id);
console.log(trajectory.jobCount, trajectory.root.job.status); // 3 finished
console.log(trajectory.root.job.cost.subtree.cost); // { USD: '0.000025' }
walkTrajectory(trajectory.root, (node, depth) => {
  console.log(
    `${"  ".repeat(depth)}${node.job.jobName} ${node.job.status} ${node.job.cost.subtree.cost.USD ?? "0"} USD`,
  );
});
// shout_all finished 0.000025 USD
//   shout finished 0.0000125 USD
//   shout finished 0.0000125 USD

await recorder.close();
await close();
