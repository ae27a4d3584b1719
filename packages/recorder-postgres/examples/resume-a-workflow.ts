// examples/resume-a-workflow.ts
import { AbstractDoer, AbstractTool, JobDispatcher, type JobContext } from "@nucleo/core";
import {
  openRecorderDatabase,
  PostgresRecorder,
  RecorderQueries,
  ReplayCheckpoints,
} from "@nucleo/recorder-postgres";
import { z } from "zod";

let drafts = 0;
let workerAlive = true;
let publishing!: () => void;
const publishStarted = new Promise<void>((resolve) => (publishing = resolve));

/** Stands for a model call that costs money: counted each time it really runs. */
class Draft extends AbstractTool<{ topic: string }, string> {
  readonly name = "draft";
  readonly input = z.object({ topic: z.string() });
  readonly output = z.string();
  execute(input: { topic: string }) {
    drafts += 1;
    return `Five facts about ${input.topic}.`;
  }
}

/** Hangs in the first attempt, as when its worker dies mid-call. */
class Publish extends AbstractTool<{ text: string }, string> {
  readonly name = "publish";
  readonly input = z.object({ text: z.string() });
  readonly output = z.string();
  async execute(input: { text: string }) {
    publishing();
    if (workerAlive) await new Promise(() => {}); // the worker dies here
    return `published: ${input.text}`;
  }
}

class Article extends AbstractDoer<{ topic: string }, string> {
  readonly name = "article";
  readonly input = z.object({ topic: z.string() });
  readonly output = z.string();
  async execute(input: { topic: string }, context: JobContext) {
    const text = await context.submitInStep(new Draft(), input);
    return await context.submitInStep(new Publish(), { text });
  }
}

const { db, close } = await openRecorderDatabase({ url: process.env.DATABASE_URL });
// Checkpoints need what was said: the content policy "full" (the default).
const recorder = new PostgresRecorder({ db });
const dispatcher = new JobDispatcher({ observers: [recorder] });
const checkpoints = new ReplayCheckpoints(db);
const workflowId = "article-7"; // a queue's id for the workflow, the same in every attempt

// Attempt 1: the draft is made and recorded, then the worker dies while publishing.
const first = dispatcher.submit(new Article(), { topic: "owls" }, { replay: { workflowId } });
await publishStarted;
await recorder.flush();

// Attempt 2, on another worker: close what the dead attempt left open, load what it finished.
console.log(await checkpoints.closeAttempt(first.id, "Its worker stopped heartbeating.")); // 2
workerAlive = false;
const source = await checkpoints.load([first.id]);
console.log(source.size); // 1
const second = dispatcher.submit(
  new Article(),
  { topic: "owls" },
  { replay: { workflowId, source } },
);
console.log(await second); // published: Five facts about owls.
console.log(drafts); // 1
await recorder.flush();

// The trajectory marks the job that returned the first attempt's output instead of running.
const { root } = await new RecorderQueries(db).trajectory(second.id);
for (const { job } of root.children) console.log(job.jobName, job.replayedFrom !== null);
// draft true
// publish false

// The workflow has settled: its checkpoints can go (the first attempt's draft; the second's
// draft, replayed, and publish).
console.log(await checkpoints.forget([first.id, second.id])); // 3
await recorder.close();
await close();
