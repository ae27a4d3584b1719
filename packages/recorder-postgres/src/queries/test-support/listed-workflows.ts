import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../../schema/database.js";
import { seedRows } from "./seed-rows.js";

const at = (time: string): string => `2025-01-06T10:00:${time}Z`;

/**
 * Ten workflows shaped to pin the list's order and filters (`RecorderQueries.workflows`):
 *
 * - `w-d` (10:00:09, running, report, acme) with a call of `model-rare` costing USD 1.
 * - `w-g` and `w-f`, submitted a microsecond apart (07.000002, 07.000001): a cursor keeps
 *   the microsecond.
 * - `w-b`, `w-a`, `w-B` submitted at the same instant (05): told apart by id in byte order,
 *   descending (`w-b` > `w-a` > `w-B`). `w-a` (research, acme) costs USD 0.1 on its root and,
 *   below it, USD 0.2 and EUR 0.05 on its child `w-a-child`: USD 0.3 exactly, EUR 0.05.
 *   `w-b` (report, globex) costs USD 0.000000000000000001.
 * - `w-c` (03, failed with an error, research, no tenant, no calls), `w-e` (01, submitted).
 * - `w-y`, `w-x`: their submission not recorded (null), listed last, by id descending.
 *
 * In list order: {@link LISTED_ORDER}.
 */
export async function seedListedWorkflows(db: Kysely<RecorderDatabase>): Promise<void> {
  await seedRows(db, {
    jobs: [
      {
        id: "w-d",
        jobName: "report",
        jobClass: "Report",
        status: "running",
        submittedAt: at("09"),
        startedAt: at("10"),
        scopeAxes: { tenant: "acme" },
      },
      { id: "w-g", jobName: "probe", submittedAt: at("07.000002") },
      { id: "w-f", jobName: "probe", submittedAt: at("07.000001") },
      {
        id: "w-b",
        jobName: "report",
        jobClass: "Report",
        submittedAt: at("05"),
        scopeAxes: { tenant: "globex" },
      },
      {
        id: "w-a",
        jobName: "research",
        jobClass: "Research",
        submittedAt: at("05"),
        startedAt: at("06"),
        endedAt: at("20"),
        scopeAxes: { tenant: "acme", ticket: "T-1" },
      },
      { id: "w-a-child", parentId: "w-a", jobName: "search", submittedAt: at("30") },
      { id: "w-B", jobName: "probe", submittedAt: at("05") },
      {
        id: "w-c",
        jobName: "research",
        jobClass: "Research",
        status: "failed",
        submittedAt: at("03"),
        error: { code: "timeout", message: "took too long" },
      },
      { id: "w-e", jobName: "probe", status: "submitted", submittedAt: at("01") },
      { id: "w-y", jobName: "", status: "running", submittedAt: null },
      { id: "w-x", jobName: "", status: "running", submittedAt: null },
    ],
    calls: [
      { jobId: "w-d", cost: "1", model: "model-rare" },
      { jobId: "w-a", cost: "0.1", model: "model-a" },
      { jobId: "w-a-child", cost: "0.2", model: "model-b" },
      { jobId: "w-a-child", cost: "0.05", currency: "EUR", model: "model-b" },
      { jobId: "w-b", cost: "0.000000000000000001", model: "model-a" },
    ],
  });
}

/** The workflows of {@link seedListedWorkflows}, in the list's order. */
export const LISTED_ORDER = ["w-d", "w-g", "w-f", "w-b", "w-a", "w-B", "w-c", "w-e", "w-y", "w-x"];
