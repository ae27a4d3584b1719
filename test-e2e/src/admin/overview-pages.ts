// The costs, benchmarks, models and fleet pages over the real fill: each shows what the API
// answers, and the money is exact decimal text.
import type {
  BenchmarkDetail,
  BenchmarkSummary,
  CostRow,
  FleetView,
  ModelsView,
} from "@nucleo/admin";
import { Decimal } from "@nucleo/core";
import { expect } from "vitest";
import type { SuiteTest } from "./harness/admin-suite.js";
import { eventually, shownText } from "./harness/eventually.js";

/** Per currency, the exact sum of the ledger's rows, as decimal text. */
function totalsOf(rows: readonly CostRow[]): Map<string, string> {
  const sums = new Map<string, Decimal>();
  for (const row of rows) {
    sums.set(row.currency, (sums.get(row.currency) ?? Decimal.ZERO).plus(Decimal.parse(row.cost)));
  }
  return new Map([...sums].map(([currency, sum]) => [currency, sum.toString()]));
}

/** Declares the rules of the costs, benchmarks, models and fleet pages. */
export function overviewPagesRules(test: SuiteTest): void {
  test("the costs page totals each currency exactly: the sum of the ledger the API answers", async (suite) => {
    const { page } = suite.page("viewer");
    for (const by of ["workflow", "model", "day"] as const) {
      const rows = await suite.api.get<CostRow[]>(`/costs?by=${by}`);
      const totals = totalsOf(rows);
      expect([...totals.keys()]).toEqual(["USD"]);
      await page.goto(`${suite.console.url}/costs?by=${by}`);
      await eventually(() => page.getByTestId("costs-row").count(), by).toBe(rows.length);
      for (const [currency, total] of totals) {
        const shown = await shownText(
          page.locator(`[data-testid="cost-total"][data-currency="${currency}"] .total-value`),
        );
        // Exact: the same decimal, never a float's rounding of it.
        expect(shown, by).toMatch(/^\d+\.\d+$/);
        expect(
          Decimal.parse(shown).equals(Decimal.parse(total)),
          `${by}: ${shown} = ${total}`,
        ).toBe(true);
      }
    }
  });

  test("the costs page writes a total as the recorder writes decimals: 0.0024 + 0.0016 reads 0.004", async (suite) => {
    const { window, windowCost } = suite.console.recorded;
    const range = `from=${window.from}&to=${window.to}`;
    const rows = await suite.api.get<CostRow[]>(`/costs?by=workflow&${range}`);
    expect(rows.map((row) => row.cost).sort()).toEqual(["0.0016", "0.0024"]);
    expect(totalsOf(rows).get("USD")).toBe(windowCost);
    const { page } = suite.page("viewer");
    await page.goto(`${suite.console.url}/costs?by=workflow&${range}`);
    await eventually(() => page.getByTestId("costs-row").count()).toBe(2);
    const shown = page.locator('[data-testid="cost-total"][data-currency="USD"] .total-value');
    expect(await shownText(shown)).toBe(windowCost);
  });

  test("the benchmarks page lists the recorded benchmark, and its page shows each model's run", async (suite) => {
    const [report] = await suite.api.get<BenchmarkSummary[]>("/benchmarks");
    expect(report?.rootId).toBe(suite.console.runs.benchmark);
    const detail = await suite.api.get<BenchmarkDetail>(`/benchmarks/${report!.jobId}`);
    const { page } = suite.page("viewer");
    await page.goto(`${suite.console.url}/benchmarks`);
    await eventually(() => page.getByTestId("benchmarks-row").count()).toBe(1);
    expect(await shownText(page.getByTestId("benchmarks-row"))).toContain("classify_ticket");
    await page.getByTestId("benchmarks-row-link").click();
    await eventually(() => page.getByTestId("benchmark-run-row").count()).toBe(detail.rows.length);
    const shown = await shownText(page.getByTestId("benchmark-runs"));
    for (const row of detail.rows) expect(shown).toContain(row.model);
  });

  test("the models page shows every catalog entry with its limits, and the seat sizing of recorded calls", async (suite) => {
    const view = await suite.api.get<ModelsView>("/models");
    expect(view.models.length).toBeGreaterThan(0);
    const { page } = suite.page("viewer");
    await page.goto(`${suite.console.url}/models`);
    await eventually(() => page.getByTestId("headroom-row").count()).toBe(view.models.length);
    const ids = await page.$$eval('[data-testid="headroom-row"]', (rows) =>
      rows.map((row) => row.getAttribute("data-model-id")),
    );
    expect(ids).toEqual(view.models.map((model) => model.id));
    const first = view.models[0]!;
    const row = await shownText(
      page.locator(`[data-testid="headroom-row"][data-model-id="${first.id}"]`),
    );
    expect(row).toContain(first.grade);
    expect(row).toContain(first.prices.input!);
    expect(await page.getByTestId("seat-sizing-row").count()).toBe(view.seatSizing.length);
    expect(view.seatSizing.length).toBeGreaterThan(0);
  });

  test("the fleet page shows the queue's counts and the serving worker alive, with its heartbeat", async (suite) => {
    const { page } = suite.page("viewer");
    await page.goto(`${suite.console.url}/fleet`);
    const fleet = await suite.api.get<FleetView>("/fleet");
    expect(fleet.counts).toMatchObject({ finished: 4, failed: 1, cancelled: 1, deadLetters: 1 });
    for (const [state, value] of Object.entries(fleet.counts!)) {
      const label = state === "deadLetters" ? "dead letters" : state;
      const card = page.locator(`[data-testid="fleet-count"][data-state="${label}"] .total-value`);
      await eventually(() => shownText(card), state).toBe(String(value));
    }
    expect(fleet.workers).toHaveLength(1);
    const worker = page.locator(
      `[data-testid="worker-row"][data-worker-id="${fleet.workers[0]!.id}"]`,
    );
    const heartbeat = worker.getByTestId("worker-heartbeat");
    await eventually(() => shownText(heartbeat)).toMatch(/ ago$|^just now$/);
    expect(await heartbeat.getAttribute("class")).not.toContain("text-bad");
    expect(await page.getByTestId("recent-row").count()).toBe(fleet.recent.length);
    expect(await page.getByTestId("dead-letter-row").getAttribute("data-dead-letter-id")).toBe(
      suite.console.runs.failed,
    );
  });
}
