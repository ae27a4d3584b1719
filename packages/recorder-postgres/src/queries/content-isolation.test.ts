import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { LEDGER_GROUPINGS } from "./cost-ledger-query.js";
import { RecorderQueries } from "./recorder-queries.js";
import { seedExampleRuns } from "./test-support/example-runs.js";
import { seedSaidRuns } from "./test-support/said-runs.js";
import { loggingStatements } from "./test-support/statement-log.js";

const CONTENT_TABLES = /nucleo_(job_content|messages|model_call_content)\b/;

describeOnBothDatabases("what was said is read only when asked for", (open) => {
  it("the trajectory, subtree, ledger, sizing, benchmark, workflow list, model calls and headroom queries touch none of the content tables", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    await seedSaidRuns(db);
    const { db: logged, statements } = loggingStatements(db);
    const queries = new RecorderQueries(logged);
    for (const rootId of ["wf-1", "chat-1"]) await queries.trajectory(rootId);
    for (const jobId of ["wf-1", "a", "agent"]) await queries.subtreeCost(jobId);
    for (const by of LEDGER_GROUPINGS) {
      await queries.costLedger({ by });
      await queries.costLedger({ by, rootId: "chat-1" });
    }
    await queries.seatSizing();
    await queries.benchmarkReports();
    await queries.benchmarkReport("bench-1");
    await queries.workflows({ model: "model-a", minCost: "0", currency: "USD" });
    for (const jobId of ["turn-1", "agent", "a"]) await queries.modelCalls(jobId);
    await queries.admissionHeadroom(Date.now());
    expect(statements.length).toBeGreaterThan(20);
    for (const statement of statements) expect(statement).not.toMatch(CONTENT_TABLES);
  });

  it("the queries of what was said do read them (so the check above sees table names)", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const { db: logged, statements } = loggingStatements(db);
    const queries = new RecorderQueries(logged);
    await queries.workflowTranscript("chat-1");
    await queries.jobContent("search");
    await queries.modelCall("turn-1", 1);
    await queries.searchSaid("refund");
    const named = new Set(
      statements.flatMap((statement) => statement.match(new RegExp(CONTENT_TABLES, "g")) ?? []),
    );
    expect([...named].sort()).toEqual([
      "nucleo_job_content",
      "nucleo_messages",
      "nucleo_model_call_content",
    ]);
  });
});
