import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { jobRow } from "../test-support/job-row.js";

const AT = new Date("2025-03-04T05:06:07.891Z");

// A model call whose every column type the recorder reads back is exercised.
const call = {
  job_id: "job-1",
  seq: 1,
  root_id: "root",
  ancestors: ["parent", "root"],
  job_class: "Summarise",
  at: AT,
  operation_name: "chat",
  provider_name: "openai",
  entry_id: "gpt-medium",
  request_model: "gpt-x",
  response_model: "gpt-x-2025",
  grade: "MEDIUM",
  depth: null,
  input_tokens: Number.MAX_SAFE_INTEGER,
  cache_read_input_tokens: 0,
  cache_creation_input_tokens: 0,
  output_tokens: 12,
  reasoning_output_tokens: 0,
  cost: "0.000123456789012345678901",
  currency: "USD",
  latency_ms: 250,
  finish_reason: "stop",
  attempt: 1,
  corrections: 0,
};

describeOnBothDatabases("values read back", (open) => {
  it("numeric costs come back as exact text, bigint counters as decimal text", async () => {
    const { db } = await open();
    await db.insertInto("nucleo_model_calls").values(call).execute();
    await db
      .insertInto("nucleo_model_calls")
      .values({ ...call, seq: 2, cost: "0.1", input_tokens: 2 })
      .execute();

    const row = await db
      .selectFrom("nucleo_model_calls")
      .select(["cost", "input_tokens", "output_tokens"])
      .where("seq", "=", 1)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      cost: "0.000123456789012345678901",
      input_tokens: "9007199254740991",
      output_tokens: "12",
    });

    const totals = await db
      .selectFrom("nucleo_model_calls")
      .select((eb) => [
        eb.fn.sum<string>("cost").as("cost"),
        eb.fn.sum<string>("input_tokens").as("input"),
        eb.fn.countAll<string>().as("calls"),
      ])
      .executeTakeFirstOrThrow();
    // 2^53 + 1: past what a float holds, exact as text.
    expect(totals).toEqual({
      cost: "0.100123456789012345678901",
      input: "9007199254740993",
      calls: "2",
    });
  });

  it("timestamptz comes back as the same instant, as a Date", async () => {
    const { db } = await open();
    await db.insertInto("nucleo_model_calls").values(call).execute();
    await db
      .insertInto("nucleo_model_calls")
      .values({ ...call, seq: 2, at: "2025-03-04T07:06:07.891+02:00" })
      .execute();

    const rows = await db.selectFrom("nucleo_model_calls").select("at").orderBy("seq").execute();
    expect(rows.map((row) => row.at)).toEqual([AT, AT]);
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });

  it("text[] comes back as string[], jsonb as objects, integer and real as numbers", async () => {
    const { db } = await open();
    await db
      .insertInto("nucleo_jobs")
      .values({
        id: "job-1",
        parent_id: "parent",
        root_id: "root",
        ancestors: ["parent", "root", 'with "quotes", commas {and} braces'],
        job_class: "Summarise",
        job_name: "summarise",
        kind: "doer",
        ordinal: 3,
        status: "finished",
        submitted_at: AT,
        started_at: null,
        ended_at: null,
        attempts: 1,
        last_seq: 0,
        scope_axes: JSON.stringify({ tenant: "acme" }),
        read_only: true,
        error_code: null,
        error_message: null,
        metadata: JSON.stringify({ nested: { list: [1, "two", null], flag: false }, big: 12.5 }),
      })
      .execute();

    const job = await db.selectFrom("nucleo_jobs").selectAll().executeTakeFirstOrThrow();
    expect(job.ancestors).toEqual(["parent", "root", 'with "quotes", commas {and} braces']);
    expect(job.scope_axes).toEqual({ tenant: "acme" });
    expect(job.metadata).toEqual({ nested: { list: [1, "two", null], flag: false }, big: 12.5 });
    expect(job).toMatchObject({ ordinal: 3, attempts: 1, read_only: true, started_at: null });

    await db
      .insertInto("nucleo_benchmark_rows")
      .values({
        job_id: "bench",
        run: 1,
        role: "candidate",
        model: "m",
        provider_model: "pm",
        repeat: 0,
        status: "ok",
        error: null,
        calls: 2,
        iterations: 1,
        input_tokens: 10,
        output_tokens: 20,
        latency_ms: 5,
        wall_ms: 6,
        cost: JSON.stringify({ USD: "0.25" }),
        judge_score: 0.75,
        judge_reason: null,
        scorer_score: null,
      })
      .execute();
    const bench = await db
      .selectFrom("nucleo_benchmark_rows")
      .select(["judge_score", "cost", "calls"])
      .executeTakeFirstOrThrow();
    expect(bench).toEqual({ judge_score: 0.75, cost: { USD: "0.25" }, calls: 2 });
  });

  it("ancestor arrays answer the GIN operators: @> finds a subtree without recursion", async () => {
    const { db } = await open();
    const job = (id: string, ancestors: string[]) =>
      jobRow(id, { ancestors, root_id: "root", status: "finished" });
    await db
      .insertInto("nucleo_jobs")
      .values([job("root", []), job("a", ["root"]), job("a1", ["a", "root"]), job("b", ["root"])])
      .execute();

    const subtree = await db
      .selectFrom("nucleo_jobs")
      .select("id")
      .where("ancestors", "@>", sql<string[]>`array[${"a"}]::text[]`)
      .orderBy("id")
      .execute();
    expect(subtree.map((row) => row.id)).toEqual(["a1"]);
  });

  it("date, interval and arrays of numeric and bigint read alike on both engines", async () => {
    const { db } = await open();
    const { rows } = await sql<Record<string, unknown>>`
      select date '2025-03-04' as day,
             interval '90 minutes' as span,
             array[1.50, 2]::numeric[] as costs,
             array[9007199254740993]::bigint[] as counts,
             null::numeric as nothing`.execute(db);
    expect(rows[0]).toEqual({
      day: "2025-03-04",
      span: "01:30:00",
      costs: ["1.50", "2"],
      counts: ["9007199254740993"],
      nothing: null,
    });
  });
});
