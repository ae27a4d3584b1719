// The runs list and a run's page, over the worker's real runs: what the pages show must be what
// the API answers, and the API answers what the recorder holds.
import { decodeRun, type RunDetailWire } from "@nucleo/admin";
import type { JobContentView, ModelCallSummary, RunsPage } from "@nucleo/admin";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { SuiteTest } from "./harness/admin-suite.js";
import { eventually, shownText } from "./harness/eventually.js";
import { SUPPORT_CHAT_WORD } from "./harness/worker-runs.js";

/** The root ids of the rows the runs table shows now. */
function shownRunIds(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="runs-row"]', (rows) =>
    rows.map((row) => row.getAttribute("data-root-id") ?? ""),
  );
}

/** Waits until the runs table shows exactly `expected`, in order (the page loads after each change). */
async function expectRuns(page: Page, expected: readonly string[]): Promise<void> {
  await eventually(() => shownRunIds(page)).toEqual(expected);
}

const idsOf = (page: RunsPage) => page.runs.map((run) => run.rootId);

/** Declares the rules of the runs list and of a run's page. */
export function runPagesRules(test: SuiteTest): void {
  test("the runs list shows the newest runs, filters by status and workflow, and pages through the rest", async (suite) => {
    const { runs, recorded } = suite.console;
    const { page } = suite.page("viewer");
    await page.goto(`${suite.console.url}/runs`);
    const first = await suite.api.get<RunsPage>("/runs");
    expect(first.runs).toHaveLength(50);
    await expectRuns(page, idsOf(first));
    expect(idsOf(first)).toEqual(
      expect.arrayContaining([
        runs.budget,
        runs.digest,
        runs.chat,
        runs.benchmark,
        runs.failed,
        recorded.canaryRootId,
        recorded.pricedRootId,
      ]),
    );

    await page.getByTestId("filter-status").selectOption("failed");
    await page.getByTestId("filter-apply").click();
    const failed = await suite.api.get<RunsPage>("/runs?status=failed");
    expect(idsOf(failed).sort()).toEqual([runs.failed, recorded.canaryRootId].sort());
    await expectRuns(page, idsOf(failed));
    expect(new URL(page.url()).searchParams.get("status")).toBe("failed");

    await page.getByTestId("filter-clear").click();
    await page.getByTestId("filter-workflow").fill("support_chat");
    await page.getByTestId("filter-apply").click();
    await expectRuns(page, [runs.chat]);
    expect(await page.getByTestId("runs-row").textContent()).toContain("acme");

    await page.getByTestId("filter-clear").click();
    await expectRuns(page, idsOf(first));
    await page.getByTestId("runs-next-page").click();
    const second = await suite.api.get<RunsPage>(`/runs?cursor=${encodeURIComponent(first.next!)}`);
    expect(second.runs.length).toBeGreaterThan(0);
    await expectRuns(page, idsOf(second));
    expect(idsOf(second).filter((id) => idsOf(first).includes(id))).toEqual([]);
    await page.getByTestId("runs-previous-page").click();
    await expectRuns(page, idsOf(first));
  });

  test("full-text search finds the run where the mock provider said a word, with a snippet", async (suite) => {
    const { page } = suite.page("viewer");
    await page.goto(`${suite.console.url}/runs`);
    await page.getByTestId("filter-q").fill(SUPPORT_CHAT_WORD);
    await page.getByTestId("filter-apply").click();
    const found = await suite.api.get<RunsPage>(`/runs?q=${SUPPORT_CHAT_WORD}`);
    expect(idsOf(found)).toEqual([suite.console.runs.chat]);
    await expectRuns(page, idsOf(found));
    expect(await shownText(page.getByTestId("runs-row-snippet"))).toContain(SUPPORT_CHAT_WORD);
  });

  test("a run shows its tree and timeline, a job's input and output, and a model call's transcript with tokens and cost", async (suite) => {
    const rootId = suite.console.runs.budget;
    const detail = decodeRun(await suite.api.get<RunDetailWire>(`/runs/${rootId}`));
    const { page } = suite.page("viewer");
    await page.goto(`${suite.console.url}/runs/${rootId}`);
    await eventually(() => page.getByTestId("tree-row").count()).toBe(detail.jobCount);
    const treeIds = await page.$$eval('[data-testid="tree-row"]', (rows) =>
      rows.map((row) => row.getAttribute("data-job-id")),
    );
    expect(treeIds).toEqual(detail.jobs.map((job) => job.jobId));
    const started = detail.jobs.filter((job) => job.startedAt !== null).length;
    expect(await page.getByTestId("timeline-bar").count()).toBe(started);
    expect(await shownText(page.getByTestId("run-total-cost"))).toContain(
      `USD ${detail.jobs[0]!.subtree.cost.USD}`,
    );

    // A tool job: its recorded input and output.
    const add = detail.jobs.find((job) => job.jobName === "add")!;
    const content = await suite.api.get<JobContentView>(`/jobs/${add.jobId}/content`);
    await page.locator(`[data-testid="tree-row"][data-job-id="${add.jobId}"]`).click();
    await eventually(() => page.getByTestId("job-detail").getAttribute("data-job-id")).toBe(
      add.jobId,
    );
    await eventually(() => shownText(page.getByTestId("job-output"))).toBe(
      JSON.stringify(content.output, null, 2),
    );
    expect(await shownText(page.getByTestId("job-input"))).toBe(
      JSON.stringify(content.input, null, 2),
    );

    // A model call: its transcript, tokens and exact cost.
    const call = detail.jobs.find((job) => job.jobClass === "LLMCall")!;
    const [summary] = await suite.api.get<ModelCallSummary[]>(`/jobs/${call.jobId}/calls`);
    await page.locator(`[data-testid="tree-row"][data-job-id="${call.jobId}"]`).click();
    await page.getByTestId("call-open").click();
    const transcript = page.getByTestId("transcript");
    await eventually(() => transcript.isVisible()).toBe(true);
    const text = await shownText(transcript);
    expect(text).toContain(
      `in ${summary!.tokens.input.toLocaleString("en-US")} · out ${summary!.tokens.output.toLocaleString("en-US")}`,
    );
    expect(text).toContain(`${summary!.currency} ${summary!.cost}`);
    expect(await shownText(page.getByTestId("transcript-system"))).toContain(
      "Total the costs with the add tool",
    );
    expect(await page.getByTestId("transcript-answer").count()).toBe(1);
  });
}
