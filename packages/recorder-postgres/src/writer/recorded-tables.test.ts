import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { BENCHMARK_REPORT_KEY } from "./benchmark-report-schema.js";
import { benchmarkReport, EventScript, FaultyDatabase } from "./test-support/index.js";
import { jobs, record } from "./test-support/record-deliveries.js";
import { MAX_ROWS_PER_STATEMENT } from "./unnest-insert.js";

// What lands in each table, and what is left out. Delivery twice or out of order:
// recorded-tables-delivery.test.ts.
describeOnBothDatabases("the writer's tables", (open) => {
  it("every event kind lands in its table with the values it carried", async () => {
    const { db } = await open();
    const run = new EventScript();
    const root = run.submit({
      jobClass: "ReviewDoer",
      scope: { axes: { tenant: "acme", ticket: "T-1" }, readOnly: true },
    });
    run.started(root);
    const child = run.submit({ parent: root, jobClass: "ClaimsTool", ordinal: 3 });
    run.started(child);
    run.seatReserved(child, "seat-1");
    run.llmCall(child, {
      cost: "0.000123456789012345678901",
      usage: {
        inputTokens: 9_007_199_254_740_991,
        cacheWriteTokens: 50,
        cacheWrite1hTokens: 20,
        outputTokens: 150,
        reasoningTokens: 40,
      },
    });
    run.seatSettled(child, "seat-1");
    run.toolWithheld(child, "web_fetch", "read-only scope");
    run.skillAdmitted(child, "claims-drafting");
    run.finished(child);
    const failing = run.submit({ parent: root, jobClass: "FlakyTool" });
    run.started(failing);
    run.retrying(failing);
    run.started(failing, 2);
    run.failed(failing, "timeout", "The job ran out of time.");
    run.published(root, "note", { verdict: "ok", tags: ["a"] });
    run.published(root, BENCHMARK_REPORT_KEY, benchmarkReport());
    run.finished(root);

    expect(await record(db, [run.events])).toEqual([]);

    const [rootRow, childRow, failingRow] = await jobs(db);
    const at = (index: number) => new Date(run.events[index]!.at);
    expect(rootRow).toMatchObject({
      id: root.id,
      parent_id: null,
      root_id: root.id,
      ancestors: [],
      job_class: "ReviewDoer",
      job_name: "reviewdoer",
      kind: "orchestrator",
      ordinal: null,
      status: "finished",
      submitted_at: at(0),
      started_at: at(1),
      ended_at: at(run.events.length - 1),
      attempts: 1,
      scope_axes: { tenant: "acme", ticket: "T-1" },
      read_only: true,
      error_code: null,
      error_message: null,
      metadata: { note: { verdict: "ok", tags: ["a"] }, [BENCHMARK_REPORT_KEY]: benchmarkReport() },
    });
    expect(childRow).toMatchObject({
      id: child.id,
      parent_id: root.id,
      root_id: root.id,
      ancestors: [root.id],
      job_class: "ClaimsTool",
      kind: "tool",
      ordinal: 3,
      status: "finished",
      attempts: 1,
      last_seq: 8,
    });
    expect(failingRow).toMatchObject({
      status: "failed",
      attempts: 2,
      started_at: at(11),
      error_code: "timeout",
      error_message: "The job ran out of time.",
    });

    expect(await db.selectFrom("nucleo_model_calls").selectAll().execute()).toEqual([
      {
        job_id: child.id,
        seq: 4,
        root_id: root.id,
        ancestors: [root.id],
        job_class: "ClaimsTool",
        at: at(5),
        operation_name: "chat",
        provider_name: "openai",
        entry_id: "gpt-medium",
        request_model: "gpt-x",
        response_model: "gpt-x-2025-01",
        grade: "MEDIUM",
        depth: "STANDARD",
        input_tokens: "9007199254740991",
        cache_read_input_tokens: "0",
        cache_creation_input_tokens: "50",
        cache_creation_1h_input_tokens: "20",
        output_tokens: "150",
        reasoning_output_tokens: "40",
        cost: "0.000123456789012345678901",
        currency: "USD",
        latency_ms: 812,
        finish_reason: "end",
        attempt: 1,
        corrections: 0,
      },
    ]);
    expect(await db.selectFrom("nucleo_seats").selectAll().execute()).toEqual([
      {
        seat_id: "seat-1",
        job_id: child.id,
        root_id: root.id,
        grade: "MEDIUM",
        entry_id: "gpt-medium",
        input_tokens: 1_500,
        max_output_tokens: 800,
        waited_ms: 3,
        reserved_at: at(4),
        settled_at: at(6),
        outcome: "settled",
        used_input_tokens: 1_200,
        used_output_tokens: 150,
      },
    ]);
    expect(await db.selectFrom("nucleo_tool_withholds").selectAll().execute()).toEqual([
      {
        job_id: child.id,
        seq: 6,
        root_id: root.id,
        at: at(7),
        tool: "web_fetch",
        reason: "read-only scope",
      },
    ]);
    expect(await db.selectFrom("nucleo_skill_admissions").selectAll().execute()).toEqual([
      { job_id: child.id, seq: 7, root_id: root.id, at: at(8), skill: "claims-drafting" },
    ]);
    expect(await db.selectFrom("nucleo_benchmark_reports").selectAll().execute()).toEqual([
      {
        job_id: root.id,
        root_id: root.id,
        raced_job: "claims_review",
        grade: "MEDIUM",
        times: 1,
        started_at: new Date("2025-03-04T05:06:07.000Z"),
        finished_at: new Date("2025-03-04T05:07:08.500Z"),
        judge_failure: null,
        reference_failure: null,
        report: benchmarkReport(),
      },
    ]);
    // Both runs of the report did the same work, at the same speed.
    const sameWork = {
      job_id: root.id,
      repeat: 1,
      status: "ok",
      error: null,
      calls: 2,
      iterations: 1,
      input_tokens: "900",
      output_tokens: "120",
      latency_ms: 640,
      wall_ms: 702,
    };
    expect(
      await db.selectFrom("nucleo_benchmark_rows").selectAll().orderBy("run").execute(),
    ).toEqual([
      {
        ...sameWork,
        run: 0,
        role: "reference",
        model: "gpt-medium",
        provider_model: "gpt-medium-2025",
        cost: { USD: "0.0031" },
        judge_score: null,
        judge_reason: null,
        scorer_score: null,
      },
      {
        ...sameWork,
        run: 1,
        role: "candidate",
        model: "claude-medium",
        provider_model: "claude-medium-2025",
        cost: { USD: "0.0047" },
        judge_score: 8,
        judge_reason: "Accurate, shows its work.",
        scorer_score: 7.5,
      },
    ]);
  });

  it("a batch bigger than the bind-parameter limit is written in one transaction, an array parameter per column", async () => {
    const { db } = await open();
    const run = new EventScript();
    const root = run.submit();
    const calls = 6_000; // as a VALUES list: 6,000 rows × 25 columns = 150,000 parameters
    for (let index = 0; index < calls; index++) run.llmCall(root, { cost: `0.00000${index % 10}` });
    const faulty = new FaultyDatabase(db);
    await record(faulty.db, [run.events], { batchSize: 10_000 });

    const inserts = faulty.statements.filter(
      (statement) => statement.table === "nucleo_model_calls",
    );
    expect(inserts.map((statement) => statement.parameters)).toEqual([25, 25]); // MAX_ROWS_PER_STATEMENT rows, then the rest
    expect(MAX_ROWS_PER_STATEMENT).toBe(5_000);
    expect(faulty.transactions).toBe(1);
    const totals = await db
      .selectFrom("nucleo_model_calls")
      .select((eb) => [eb.fn.countAll<string>().as("calls"), eb.fn.sum<string>("cost").as("cost")])
      .executeTakeFirstOrThrow();
    expect(totals).toEqual({ calls: "6000", cost: "0.027000" });
  });

  it("text travels intact through the array parameters: quotes, backslashes, braces, commas, NULL-like words, empty text", async () => {
    const { db } = await open();
    const run = new EventScript();
    const awkward = 'a"b\\c{d},e NULL';
    const root = run.submit({ id: awkward, jobClass: "" });
    const child = run.submit({ parent: root, id: "null", jobClass: 'Quote"Tool' });
    run.llmCall(child, { requestModel: "", provider: "NULL" });
    expect(await record(db, [run.events])).toEqual([]);
    expect((await jobs(db)).map((job) => [job.id, job.ancestors, job.job_class])).toEqual([
      [awkward, [], ""],
      ["null", [awkward], 'Quote"Tool'],
    ]);
    expect(
      await db
        .selectFrom("nucleo_model_calls")
        .select(["job_id", "ancestors", "request_model", "provider_name"])
        .execute(),
    ).toEqual([{ job_id: "null", ancestors: [awkward], request_model: "", provider_name: "NULL" }]);
  });

  it("an event that cannot be written is reported and left out; the rest of its batch is written", async () => {
    const { db } = await open();
    const run = new EventScript();
    const root = run.submit();
    run.llmCall(root, { cost: "1e-5" });
    run.llmCall(root, { latencyMs: 12.6 });
    run.failed(root, "internal", "bad\u0000byte, lone \udc00 low half");
    run.published(root, "text", "nul\u0000 and lone \ud800 surrogate");
    const problems = await record(db, [run.events]);
    expect(problems.map((problem) => [problem.code, problem.jobId, problem.seq])).toEqual([
      ["recorder_event_rejected", root.id, 2],
    ]);
    expect(problems[0]?.message).toMatch(
      /llm\.call event 2 of job job-1: its cost is "1e-5", not decimal text/,
    );
    expect(
      await db.selectFrom("nucleo_model_calls").select(["seq", "latency_ms"]).execute(),
    ).toEqual([{ seq: 3, latency_ms: 13 }]);
    expect((await jobs(db))[0]).toMatchObject({
      status: "failed",
      error_message: "bad\uFFFDbyte, lone \uFFFD low half",
      metadata: { text: "nul\uFFFD and lone \uFFFD surrogate" },
    });
  });

  it("a published benchmark report that does not read as one stays in the job's metadata, and says so", async () => {
    const { db } = await open();
    const run = new EventScript();
    const root = run.submit();
    run.published(root, BENCHMARK_REPORT_KEY, { job: "x", rows: "many" });
    const problems = await record(db, [run.events]);
    expect(problems.map((problem) => problem.code)).toEqual(["recorder_report_unreadable"]);
    expect((await jobs(db))[0]?.metadata).toEqual({
      [BENCHMARK_REPORT_KEY]: { job: "x", rows: "many" },
    });
    expect(await db.selectFrom("nucleo_benchmark_reports").selectAll().execute()).toEqual([]);
  });
});
