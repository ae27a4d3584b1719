import { sql, type Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { expect, it } from "vitest";
import type { RecorderDatabase } from "../schema/database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import * as saidContent from "./0005-said-content.js";
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE, migrateToLatest } from "./migrate.js";
import { RECORDER_MIGRATIONS } from "./recorder-migrations.js";

/** Brings a fresh database to 0004, as the release before content recording left it. */
async function migrateTo0004(db: Kysely<RecorderDatabase>): Promise<void> {
  const before = Object.fromEntries(
    Object.entries(RECORDER_MIGRATIONS).filter(([name]) => name < "0005"),
  );
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => before },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  });
  const { error } = await migrator.migrateToLatest();
  if (error !== undefined) throw error;
}

async function lexemes(db: Kysely<RecorderDatabase>, table: string): Promise<string[]> {
  const { rows } = await sql<{ lexeme: string }>`
    select distinct unnest(tsvector_to_array(search)) as lexeme from ${sql.table(table)} order by 1`.execute(
    db,
  );
  return rows.map((row) => row.lexeme);
}

describeOnBothDatabases("migration 0005 (what was said)", (open) => {
  it("a database at 0004 with jobs migrates forward: its jobs have no role, the content tables start empty", async () => {
    const { db } = await open({ migrate: false });
    await migrateTo0004(db);
    await sql`insert into nucleo_jobs (id, root_id) values ('old-job', 'old-job')`.execute(db);

    expect((await migrateToLatest(db)).applied).toEqual(
      Object.keys(RECORDER_MIGRATIONS).filter((name) => name >= "0005"),
    );

    const job = await db.selectFrom("nucleo_jobs").select(["id", "role"]).executeTakeFirst();
    expect(job).toEqual({ id: "old-job", role: null });
    for (const table of [
      "nucleo_job_content",
      "nucleo_messages",
      "nucleo_model_call_content",
    ] as const) {
      const { rows } = await sql`select 1 from ${sql.table(table)}`.execute(db);
      expect(rows, table).toEqual([]);
    }
  });

  it("down drops what up added and nothing else; up again restores it", async () => {
    const { db } = await open();
    await saidContent.down(db);
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_name in ('nucleo_job_content', 'nucleo_messages', 'nucleo_model_call_content', 'nucleo_jobs')`.execute(
      db,
    );
    expect(rows.map((row) => row.name)).toEqual(["nucleo_jobs"]);
    await saidContent.up(db);
    await sql`insert into nucleo_jobs (id, root_id, role) values ('a', 'a', 'agent')`.execute(db);
  });

  it("search vectors are generated from what was kept: the parts' text, tool names and arguments, and the strings of a job's input and output", async () => {
    const { db } = await open();
    await sql`
      insert into nucleo_messages (root_id, hash, role, parts) values
        ('w', 'h1', 'assistant', ${JSON.stringify([
          { type: "thinking", text: "Pondering hinges" },
          { type: "text", text: "Looking it up." },
          { type: "tool_call", id: "c1", name: "patent_search", text: '{"query":"widget"}' },
        ])}::jsonb),
        ('w', 'h2', 'user', ${JSON.stringify([
          {
            type: "tool_result",
            callId: "c1",
            name: "patent_search",
            text: "claim found",
            isError: false,
          },
          { type: "image", mediaType: "image/png", omittedChars: 4000 },
        ])}::jsonb)`.execute(db);
    await sql`
      insert into nucleo_job_content (job_id, root_id, input, output) values
        ('j', 'w', ${JSON.stringify({ claim: "A widget", count: 42 })}::jsonb, null)`.execute(db);

    expect(await lexemes(db, "nucleo_messages")).toEqual(
      expect.arrayContaining([
        "pondering",
        "hinges",
        "looking",
        "patent",
        "search",
        "query",
        "widget",
        "claim",
        "found",
      ]),
    );
    const jobWords = await lexemes(db, "nucleo_job_content");
    expect(jobWords).toEqual(["a", "widget"]);
    const { rows } = await sql<{ job_id: string }>`
      select job_id from nucleo_job_content where search @@ plainto_tsquery('simple', 'widget')`.execute(
      db,
    );
    expect(rows).toEqual([{ job_id: "j" }]);
  });

  it("an output marked as repeating a model call's response stays out of the vector; the input does not", async () => {
    const { db } = await open();
    await sql`
      insert into nucleo_job_content (job_id, root_id, input, output, output_repeats_call) values
        ('call', 'w', ${JSON.stringify({ prompt: "asked" })}::jsonb, ${JSON.stringify({ text: "answered" })}::jsonb, true)`.execute(
      db,
    );
    expect(await lexemes(db, "nucleo_job_content")).toEqual(["asked"]);
  });

  it("a turn's rows stay in their page (toast_tuple_target 8160), and longer values compress with lz4 where the server has it", async () => {
    const { db } = await open();
    const { rows: options } = await sql<{ name: string; options: string[] | null }>`
      select relname as name, reloptions as options from pg_class
      where relname in ('nucleo_job_content', 'nucleo_messages') order by relname`.execute(db);
    expect(options).toEqual([
      { name: "nucleo_job_content", options: ["toast_tuple_target=8160"] },
      { name: "nucleo_messages", options: ["toast_tuple_target=8160"] },
    ]);
    const { rows: lz4 } = await sql<{ lz4: boolean | null }>`
      select bool_or('lz4' = any(enumvals)) as lz4 from pg_settings
      where name = 'default_toast_compression'`.execute(db);
    const { rows: columns } = await sql<{ column: string; compression: string }>`
      select c.relname || '.' || a.attname as column, a.attcompression::text as compression
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relname in ('nucleo_job_content', 'nucleo_messages')
        and a.attname in ('input', 'output', 'parts', 'search') order by 1`.execute(db);
    const expected = lz4[0]?.lz4 === true ? "l" : "";
    expect(columns.map((row) => [row.column, row.compression])).toEqual(
      [
        "nucleo_job_content.input",
        "nucleo_job_content.output",
        "nucleo_job_content.search",
        "nucleo_messages.parts",
        "nucleo_messages.search",
      ].map((column) => [column, expected]),
    );
  });
});
