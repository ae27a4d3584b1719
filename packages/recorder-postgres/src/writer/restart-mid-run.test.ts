import {
  AbstractDoer,
  AbstractTool,
  CostLedger,
  Decimal,
  JobDispatcher,
  RunLog,
  type AttemptInfo,
  type JobContext,
  type JobResources,
} from "@nucleo/core";
import { RecordingAdmission } from "@nucleo/core/testing";
import { startThrowawayPostgres, type ThrowawayPostgres } from "@nucleo/tooling/postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { openRecorderDatabase } from "../db/open-recorder-database.js";
import "../test-support/provided-context.js";
import { PostgresRecorder } from "./postgres-recorder.js";
import { countRows } from "./test-support/count-rows.js";
import { danglingReferences } from "./test-support/dangling-references.js";
import { EventLog, until } from "./test-support/index.js";
import { problemsLogger, type LoggedProblem } from "./test-support/logged-problems.js";

const anything = z.unknown();
const FAN_OUT = 40;
/** Every call's request opens with this turn: the one message the whole workflow shares. */
const BRIEF = { role: "user", parts: [{ type: "text", text: "Review the claims." }] } as const;

/** One model call's worth of work: a seat, a few milliseconds, an `llm.call` with its cost. */
class AskModel extends AbstractTool<number, number> {
  readonly name = "ask_model";
  readonly input = z.number();
  readonly output = z.number();
  override requirements(_input: number, _attempt: AttemptInfo) {
    return [{ grade: "MEDIUM" as const, inputTokens: 1_000, maxOutputTokens: 200 }];
  }
  async execute(input: number, resources: JobResources, context: JobContext): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, 1 + (input % 5)));
    const usage = {
      inputTokens: 900 + input,
      cachedInputTokens: input % 3 === 0 ? 100 : 0,
      outputTokens: 120 + (input % 7),
    };
    resources.recordUsage(resources.seats[0]!, usage);
    context.emit({
      type: "llm.call",
      entryId: input % 4 === 0 ? "claude-medium" : "gpt-medium",
      providerModel: "model-2025",
      usage,
      cost: `0.00${String(1_000 + input).slice(-3)}7`,
      currency: input % 4 === 0 ? "EUR" : "USD",
      latencyMs: 3,
      stopReason: "end",
      attempt: context.attempt.number,
      corrections: 0,
      ...(context.wantsContent === true && {
        content: {
          system: "You review claims.",
          messages: [BRIEF, { role: "user", parts: [{ type: "text", text: `Claim ${input}?` }] }],
          tools: [],
          response: { text: `Claim ${input} holds.`, toolCalls: [], thinking: [] },
        },
      }),
    });
    if (input % 13 === 12) throw new Error("this one fails");
    if (input % 10 === 0)
      context.emit({ type: "tool.withheld", tool: "web_fetch", reason: "read-only scope" });
    if (input % 10 === 5) context.emit({ type: "skill.admitted", skill: "claims-drafting" });
    return input;
  }
}

/**
 * Three steps of `FAN_OUT` model calls each: in parallel, then one after another (so new
 * attempts keep starting while the server is down), then in parallel again. Each step waits
 * on a gate the test opens.
 */
class FanOutDoer extends AbstractDoer<unknown, number> {
  readonly name = "fan_out";
  readonly input = anything;
  readonly output = z.number();
  constructor(private readonly gates: readonly Promise<void>[]) {
    super();
  }
  async execute(_input: unknown, context: JobContext): Promise<number> {
    let done = 0;
    for (let step = 0; step < 3; step++) {
      await this.gates[step];
      const inputs = Array.from({ length: FAN_OUT }, (_, index) => step * FAN_OUT + index);
      let results: PromiseSettledResult<number>[];
      if (step === 1) {
        results = [];
        for (const input of inputs)
          results.push(
            ...(await Promise.allSettled([context.submitInStep(new AskModel(), input)])),
          );
      } else {
        context.nextStep();
        results = await Promise.allSettled(
          inputs.map((input) => context.submitInCurrentStep(new AskModel(), input)),
        );
      }
      done += results.filter((result) => result.status === "fulfilled").length;
      context.publish(`step-${step}`, { done });
    }
    return done;
  }
}

function gate(): { readonly promise: Promise<void>; readonly open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const serverAvailable = inject("recorderPostgresUrl") !== null;

describe.skipIf(!serverAvailable)(
  "the recorder across a PostgreSQL restart in the middle of a run",
  () => {
    let server: ThrowawayPostgres;
    beforeAll(async () => {
      server = await startThrowawayPostgres();
    }, 120_000);
    afterAll(async () => {
      await server?.dispose();
    });

    it("every event is recorded exactly once, what was said included, and the run was held back rather than anything dropped", {
      timeout: 120_000,
    }, async () => {
      const { db, close } = await openRecorderDatabase({ url: server.url });
      try {
        const log = new EventLog();
        const runLog = new RunLog();
        const ledger = new CostLedger();
        const problems: LoggedProblem[] = [];
        const recorder = new PostgresRecorder({
          db,
          maxBuffered: 100,
          retry: { initialMs: 20, maxMs: 250 },
          logger: problemsLogger(problems),
        });
        const dispatcher = new JobDispatcher({
          admission: new RecordingAdmission(),
          observers: [log, runLog, ledger, recorder],
        });
        const [first, second, third] = [gate(), gate(), gate()];
        const workflow = dispatcher.submit(
          new FanOutDoer([first.promise, second.promise, third.promise]),
          null,
        );

        // Step 1 with the server up.
        first.open();
        await until(
          () => log.ofType("job.finished").length + log.ofType("job.failed").length >= FAN_OUT,
          "step 1 is done",
        );
        await recorder.flush();

        // Step 2 starts, and the server goes down while its events are being written.
        second.open();
        await until(() => log.ofType("llm.call").length > FAN_OUT + 2, "step 2 is under way");
        await server.stop();
        await until(() => problems.length >= 3, "writes fail while the server is down");
        // Past 100 waiting events the recorder holds new attempts back: the run stalls, nothing is dropped.
        await until(() => recorder.pressure() !== undefined, "the recorder's buffer is full");
        const startedWhileFull = log.ofType("job.started").length;
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(log.ofType("job.started").length).toBe(startedWhileFull);

        await server.start();
        third.open();
        await workflow;
        await recorder.close();

        // A merge of attribution rows caught by the outage is reported too (and loses nothing).
        expect(
          problems.every(
            (problem) =>
              problem.code === "recorder_write_failed" ||
              problem.code === "recorder_compaction_failed",
          ),
        ).toBe(true);
        for (const problem of problems)
          expect(problem.message).not.toContain(new URL(server.url).password);
        await expectRecordedOnce(db, log, runLog, ledger, workflow.id);
      } finally {
        await close();
      }
    });
  },
);

async function expectRecordedOnce(
  db: Awaited<ReturnType<typeof openRecorderDatabase>>["db"],
  log: EventLog,
  runLog: RunLog,
  ledger: CostLedger,
  rootId: string,
): Promise<void> {
  const submitted = log.ofType("job.submitted");
  const jobs = await db
    .selectFrom("nucleo_jobs")
    .select(["id", "status", "attempts", "ordinal", "metadata"])
    .execute();
  expect(jobs).toHaveLength(1 + 3 * FAN_OUT);
  expect(jobs.map((job) => job.id).sort()).toEqual(submitted.map((event) => event.jobId).sort());
  for (const job of jobs)
    expect([job.id, job.status]).toEqual([job.id, runLog.job(job.id)?.status]);
  expect(jobs.filter((job) => job.status === "failed").length).toBe(
    log.ofType("job.failed").length,
  );
  expect(jobs.find((job) => job.id === rootId)?.metadata).toEqual(runLog.job(rootId)?.published);

  const calls = await db.selectFrom("nucleo_model_calls").select(["job_id", "seq"]).execute();
  const key = (event: { job_id?: string; jobId?: string; seq: number }) =>
    `${event.job_id ?? event.jobId}#${event.seq}`;
  expect(calls.map(key).sort()).toEqual(log.ofType("llm.call").map(key).sort());
  const costs = await db
    .selectFrom("nucleo_model_calls")
    .select((eb) => [
      "currency",
      eb.fn.sum<string>("cost").as("cost"),
      eb.fn.countAll<string>().as("calls"),
    ])
    .groupBy("currency")
    .orderBy("currency")
    .execute();
  const expected = [...ledger.totalFor(rootId).cost].sort(([a], [b]) => a.localeCompare(b));
  // Exact: the database's numeric sum and the ledger's decimal sum, equal to the last digit.
  expect(costs.map((row) => [row.currency, Decimal.parse(row.cost).toString()])).toEqual(
    expected.map(([currency, cost]) => [currency, cost.toString()]),
  );
  expect(costs.reduce((sum, row) => sum + Number(row.calls), 0)).toBe(
    ledger.totalFor(rootId).calls,
  );

  const seats = await db.selectFrom("nucleo_seats").select(["seat_id", "outcome"]).execute();
  expect(seats.map((seat) => seat.seat_id).sort()).toEqual(
    log
      .ofType("seat.reserved")
      .map((event) => event.seatId)
      .sort(),
  );
  expect(seats.every((seat) => seat.outcome === "settled")).toBe(true);
  expect(await countRows(db, "nucleo_tool_withholds")).toBe(log.ofType("tool.withheld").length);
  expect(await countRows(db, "nucleo_skill_admissions")).toBe(log.ofType("skill.admitted").length);

  // What was said: every input and output, every call's content, no reference without its message.
  const content = await db
    .selectFrom("nucleo_job_content")
    .select(["job_id", "input", "output"])
    .execute();
  const said = new Map(content.map((row) => [row.job_id, row]));
  // The events carried content (the recorder asked for it), so the comparisons below compare values.
  const firstStarts = log.ofType("job.started").filter((started) => started.attempt === 1);
  expect(firstStarts.filter((started) => started.input !== undefined).length).toBeGreaterThan(0);
  expect(log.ofType("job.finished").every((event) => event.output !== undefined)).toBe(true);
  for (const event of log.ofType("job.started").filter((started) => started.attempt === 1))
    expect([event.jobId, said.get(event.jobId)?.input]).toEqual([event.jobId, event.input]);
  for (const event of log.ofType("job.finished"))
    expect([event.jobId, said.get(event.jobId)?.output]).toEqual([event.jobId, event.output]);
  const callContent = await db
    .selectFrom("nucleo_model_call_content")
    .select(["job_id", "seq"])
    .execute();
  expect(callContent.map(key).sort()).toEqual(log.ofType("llm.call").map(key).sort());
  expect(await danglingReferences(db)).toEqual([]);
  // The brief, the system text, and each call's question and answer.
  expect(await countRows(db, "nucleo_messages")).toBe(2 + 2 * log.ofType("llm.call").length);
}
