import { InvalidInputError } from "@nucleo/core";
import type { AdminServices, ConsoleFleet, ConsoleQueries } from "../services/admin-services.js";

/** What the fake services were asked, in order: `method` and its arguments. */
export type Calls = { method: string; args: unknown[] }[];

const NO_SPEND = {
  calls: 0,
  tokens: { input: 0, cacheRead: 0, cacheCreation: 0, output: 0, reasoning: 0 },
  cost: {},
};

function job(jobId: string, parentId: string | null, name: string) {
  return {
    jobId,
    parentId,
    rootId: "root-1",
    ordinal: parentId === null ? null : 1,
    startedAt: 1,
    times: { submittedAt: 1, startedAt: 1, endedAt: 2 },
    jobClass: "Demo",
    jobName: name,
    kind: "doer",
    status: "finished",
    attempts: 1,
    error: null,
    replayedFrom: null,
    cost: { own: NO_SPEND, subtree: NO_SPEND },
  };
}

/**
 * Recorder queries and a fleet client that answer a small fixed world and record every call,
 * for the API's tests: what the routes pass on and how they shape what comes back. (The
 * console over real recorded runs is tested in a real browser, in test-e2e.)
 */
export function fakeServices(
  overrides: {
    queries?: Partial<Record<keyof ConsoleQueries, unknown>>;
    fleet?: Partial<Record<keyof ConsoleFleet, unknown>>;
  } = {},
): {
  services: Partial<AdminServices>;
  calls: Calls;
} {
  const calls: Calls = [];
  const record =
    <T>(method: string, answer: (...args: unknown[]) => T) =>
    async (...args: unknown[]) => {
      calls.push({ method, args });
      return answer(...args);
    };
  const queries = {
    workflows: record("workflows", () => ({ workflows: [], next: null })),
    searchSaid: record("searchSaid", () => []),
    trajectory: record("trajectory", () => ({
      rootId: "root-1",
      root: {
        job: job("root-1", null, "demo"),
        children: [{ job: job("child-1", "root-1", "step"), children: [] }],
      },
      detached: [],
      jobCount: 2,
    })),
    jobContent: record("jobContent", (id) =>
      id === "root-1" ? { jobId: "root-1", input: { a: 1 }, output: undefined } : undefined,
    ),
    modelCalls: record("modelCalls", () => []),
    modelCall: record("modelCall", () => undefined),
    costLedger: record("costLedger", () => []),
    seatSizing: record("seatSizing", () => []),
    benchmarkReports: record("benchmarkReports", () => []),
    benchmarkReport: record("benchmarkReport", () => {
      throw new InvalidInputError({ parameter: "jobId", expected: "a benchmark's job id" });
    }),
    admissionHeadroom: record("admissionHeadroom", () => []),
    ...overrides.queries,
  };
  const fleet = {
    counts: record("counts", () => ({
      queued: 0,
      running: 0,
      retrying: 0,
      finished: 0,
      failed: 0,
      cancelled: 0,
      deadLetters: 0,
    })),
    workers: record("workers", () => []),
    list: record("list", () => []),
    deadLetters: record("deadLetters", () => []),
    schedules: record("schedules", () => []),
    submit: record("submit", () => ({ id: "wf-1", created: true })),
    cancel: record("cancel", () => true),
    retryDeadLetter: record("retryDeadLetter", () => true),
    ...overrides.fleet,
  };
  return {
    services: {
      queries: queries as unknown as ConsoleQueries,
      fleet: fleet as unknown as ConsoleFleet,
      workflows: [
        { name: "budget_check", description: "Checks a budget.", inputSchema: { type: "object" } },
      ],
    },
    calls,
  };
}
