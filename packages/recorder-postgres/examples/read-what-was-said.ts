// examples/read-what-was-said.ts
import { AbstractTool, JobDispatcher, type JobContext } from "@nucleo/core";
import {
  formatTranscript,
  openRecorderDatabase,
  PostgresRecorder,
  RecorderQueries,
} from "@nucleo/recorder-postgres";
import { z } from "zod";

/** Pretends to ask a model: reports the call and, when an observer wants it, what was said. */
class Answer extends AbstractTool<{ question: string }, string> {
  readonly name = "answer";
  readonly input = z.object({ question: z.string() });
  readonly output = z.string();
  execute(input: { question: string }, _resources: unknown, context: JobContext) {
    const answer = "Refunds are granted within 30 days.";
    context.emit({
      type: "llm.call",
      entryId: "demo",
      providerModel: "demo/echo",
      usage: { inputTokens: 12, outputTokens: 8 },
      cost: "0.00002",
      currency: "USD",
      latencyMs: 0,
      stopReason: "end",
      attempt: context.attempt.number,
      corrections: 0,
      // Built only when some observer keeps what was said (the recorder does by default).
      ...(context.wantsContent && {
        content: {
          system: "You answer customers of Acme.",
          messages: [
            { role: "user" as const, parts: [{ type: "text" as const, text: input.question }] },
          ],
          tools: [],
          response: { text: answer, toolCalls: [], thinking: [] },
        },
      }),
    });
    return answer;
  }
}

const { db, close } = await openRecorderDatabase({ url: process.env.DATABASE_URL });
const recorder = new PostgresRecorder({ db }); // content: "full" is the default
const dispatcher = new JobDispatcher({ observers: [recorder] });
const handle = dispatcher.submit(new Answer(), { question: "Can I get a refund?" });
await handle;
await recorder.flush();

const queries = new RecorderQueries(db);
const { input, output } = (await queries.jobContent(handle.id))!;
console.log(input, output); // { question: 'Can I get a refund?' } Refunds are granted within 30 days.

// The workflow as a transcript: each job, and each model call's new messages and answer.
const transcript = await queries.workflowTranscript(handle.id);
const [call] = transcript.jobs[0]!.calls;
console.log(call!.cost, call!.content!.system, call!.content!.response!.parts); // 0.00002 You answer customers of Acme. [ { type: 'text', text: 'Refunds are granted within 30 days.' } ]
// What `nucleo transcript <workflow id>` prints (model text made safe for a terminal):
console.log(formatTranscript(transcript));
// Workflow 90e4c5df-…: 1 job, 1 model call
// answer · Answer · finished · job 90e4c5df-…
//   input: {"question":"Can I get a refund?"}
//   model call 3 · demo/echo · 12 in, 8 out tokens · USD 0.00002 · 0 ms · end
//     system: You answer customers of Acme.
//     user: Can I get a refund?
//     answer: Refunds are granted within 30 days.
//   output: "Refunds are granted within 30 days."

// Which workflows mentioned refunds? Newest first, with a snippet.
const [hit] = await queries.searchSaid("refund");
console.log(hit!.rootId === handle.id, hit!.matches, hit!.snippet); // true 2 Can I get a «refund»

await recorder.close();
await close();
