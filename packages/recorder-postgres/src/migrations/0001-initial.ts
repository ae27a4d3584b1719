import { sql, type Kysely } from "kysely";

// Frozen in time: this migration takes `Kysely<any>` and imports nothing of the application,
// so later schema changes never rewrite history (Kysely's rule for migrations).

/** Jobs, model calls, seats, withheld tools, admitted skills, benchmark reports, conversations. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("nucleo_jobs")
    .ifNotExists()
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("parent_id", "text")
    .addColumn("root_id", "text", (column) => column.notNull())
    .addColumn("ancestors", sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn("job_class", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("job_name", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("kind", "text", (column) => column.notNull().defaultTo("tool"))
    .addColumn("ordinal", "integer")
    .addColumn("status", "text", (column) => column.notNull().defaultTo("submitted"))
    .addColumn("submitted_at", "timestamptz")
    .addColumn("started_at", "timestamptz")
    .addColumn("ended_at", "timestamptz")
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("last_seq", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("scope_axes", "jsonb", (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("read_only", "boolean", (column) => column.notNull().defaultTo(false))
    .addColumn("error_code", "text")
    .addColumn("error_message", "text")
    .addColumn("metadata", "jsonb", (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .createIndex("nucleo_jobs_root")
    .ifNotExists()
    .on("nucleo_jobs")
    .column("root_id")
    .execute();
  await db.schema
    .createIndex("nucleo_jobs_children")
    .ifNotExists()
    .on("nucleo_jobs")
    .columns(["parent_id", "ordinal", "started_at"])
    .execute();
  await db.schema
    .createIndex("nucleo_jobs_ancestors")
    .ifNotExists()
    .on("nucleo_jobs")
    .using("gin")
    .column("ancestors")
    .execute();
  await db.schema
    .createIndex("nucleo_jobs_class")
    .ifNotExists()
    .on("nucleo_jobs")
    .column("job_class")
    .execute();

  await db.schema
    .createTable("nucleo_model_calls")
    .ifNotExists()
    .addColumn("job_id", "text", (column) => column.notNull())
    .addColumn("seq", "integer", (column) => column.notNull())
    .addColumn("root_id", "text", (column) => column.notNull())
    .addColumn("ancestors", sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn("job_class", "text", (column) => column.notNull())
    .addColumn("at", "timestamptz", (column) => column.notNull())
    .addColumn("operation_name", "text", (column) => column.notNull().defaultTo("chat"))
    .addColumn("provider_name", "text")
    .addColumn("entry_id", "text", (column) => column.notNull())
    .addColumn("request_model", "text")
    .addColumn("response_model", "text", (column) => column.notNull())
    .addColumn("grade", "text")
    .addColumn("depth", "text")
    .addColumn("input_tokens", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("cache_read_input_tokens", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("cache_creation_input_tokens", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("output_tokens", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("reasoning_output_tokens", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("cost", "numeric", (column) => column.notNull())
    .addColumn("currency", "text", (column) => column.notNull())
    .addColumn("latency_ms", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("finish_reason", "text", (column) => column.notNull())
    .addColumn("attempt", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("corrections", "integer", (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("nucleo_model_calls_pk", ["job_id", "seq"])
    .execute();
  await db.schema
    .createIndex("nucleo_model_calls_root")
    .ifNotExists()
    .on("nucleo_model_calls")
    .column("root_id")
    .execute();
  await db.schema
    .createIndex("nucleo_model_calls_ancestors")
    .ifNotExists()
    .on("nucleo_model_calls")
    .using("gin")
    .column("ancestors")
    .execute();
  await db.schema
    .createIndex("nucleo_model_calls_class")
    .ifNotExists()
    .on("nucleo_model_calls")
    .columns(["job_class", "at"])
    .execute();
  await db.schema
    .createIndex("nucleo_model_calls_at")
    .ifNotExists()
    .on("nucleo_model_calls")
    .column("at")
    .execute();

  await db.schema
    .createTable("nucleo_seats")
    .ifNotExists()
    .addColumn("seat_id", "text", (column) => column.primaryKey())
    .addColumn("job_id", "text", (column) => column.notNull())
    .addColumn("root_id", "text", (column) => column.notNull())
    .addColumn("grade", "text")
    .addColumn("entry_id", "text")
    .addColumn("input_tokens", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("max_output_tokens", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("waited_ms", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("reserved_at", "timestamptz", (column) => column.notNull())
    .addColumn("settled_at", "timestamptz")
    .addColumn("outcome", "text")
    .addColumn("used_input_tokens", "integer")
    .addColumn("used_output_tokens", "integer")
    .execute();
  await db.schema
    .createIndex("nucleo_seats_job")
    .ifNotExists()
    .on("nucleo_seats")
    .column("job_id")
    .execute();

  for (const [table, column] of [
    ["nucleo_tool_withholds", "tool"],
    ["nucleo_skill_admissions", "skill"],
  ] as const) {
    let create = db.schema
      .createTable(table)
      .ifNotExists()
      .addColumn("job_id", "text", (c) => c.notNull())
      .addColumn("seq", "integer", (c) => c.notNull())
      .addColumn("root_id", "text", (c) => c.notNull())
      .addColumn("at", "timestamptz", (c) => c.notNull())
      .addColumn(column, "text", (c) => c.notNull());
    if (table === "nucleo_tool_withholds")
      create = create.addColumn("reason", "text", (c) => c.notNull().defaultTo(""));
    await create.addPrimaryKeyConstraint(`${table}_pk`, ["job_id", "seq"]).execute();
    await db.schema
      .createIndex(`${table}_root`)
      .ifNotExists()
      .on(table)
      .column("root_id")
      .execute();
  }

  await db.schema
    .createTable("nucleo_benchmark_reports")
    .ifNotExists()
    .addColumn("job_id", "text", (column) => column.primaryKey())
    .addColumn("root_id", "text", (column) => column.notNull())
    .addColumn("raced_job", "text", (column) => column.notNull())
    .addColumn("grade", "text", (column) => column.notNull())
    .addColumn("times", "integer", (column) => column.notNull())
    .addColumn("started_at", "timestamptz", (column) => column.notNull())
    .addColumn("finished_at", "timestamptz", (column) => column.notNull())
    .addColumn("judge_failure", "text")
    .addColumn("reference_failure", "text")
    .addColumn("report", "jsonb", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("nucleo_benchmark_rows")
    .ifNotExists()
    .addColumn("job_id", "text", (column) => column.notNull())
    .addColumn("run", "integer", (column) => column.notNull())
    .addColumn("role", "text", (column) => column.notNull())
    .addColumn("model", "text", (column) => column.notNull())
    .addColumn("provider_model", "text", (column) => column.notNull())
    .addColumn("repeat", "integer", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("error", "text")
    .addColumn("calls", "integer", (column) => column.notNull())
    .addColumn("iterations", "integer", (column) => column.notNull())
    .addColumn("input_tokens", "bigint", (column) => column.notNull())
    .addColumn("output_tokens", "bigint", (column) => column.notNull())
    .addColumn("latency_ms", "integer", (column) => column.notNull())
    .addColumn("wall_ms", "integer", (column) => column.notNull())
    .addColumn("cost", "jsonb", (column) => column.notNull())
    .addColumn("judge_score", "real")
    .addColumn("judge_reason", "text")
    .addColumn("scorer_score", "real")
    .addPrimaryKeyConstraint("nucleo_benchmark_rows_pk", ["job_id", "run"])
    .execute();

  await db.schema
    .createTable("nucleo_conversations")
    .ifNotExists()
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("data", "jsonb", (column) => column.notNull())
    .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("updated_at", "timestamptz", (column) => column.notNull())
    .execute();
}

/** Drops everything `up` made. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "nucleo_conversations",
    "nucleo_benchmark_rows",
    "nucleo_benchmark_reports",
    "nucleo_skill_admissions",
    "nucleo_tool_withholds",
    "nucleo_seats",
    "nucleo_model_calls",
    "nucleo_jobs",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
