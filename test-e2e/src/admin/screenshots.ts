// Screenshots of the console's main pages for its documentation, taken over the real fill when
// NUCLEO_ADMIN_SCREENSHOTS=1 (never in an ordinary run: they would change at every run).
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { decodeRun, type RunDetailWire } from "@nucleo/admin";
import type { ModelCallSummary } from "@nucleo/admin";
import { it } from "vitest";
import type { SuiteTest } from "./harness/admin-suite.js";
import { eventually } from "./harness/eventually.js";

/** `apps/admin/screenshots`, found from the installed `@nucleo/admin`. */
const SCREENSHOTS_DIR = join(
  dirname(createRequire(import.meta.url).resolve("@nucleo/admin/package.json")),
  "screenshots",
);

const NAME = "screenshots of the main pages are saved for the documentation";

/** Declares the screenshot test; skipped unless `NUCLEO_ADMIN_SCREENSHOTS=1`. */
export function screenshotRules(test: SuiteTest): void {
  if (process.env.NUCLEO_ADMIN_SCREENSHOTS !== "1") {
    it.skip(`${NAME} (set NUCLEO_ADMIN_SCREENSHOTS=1)`);
    return;
  }
  test(NAME, async (suite) => {
    await mkdir(SCREENSHOTS_DIR, { recursive: true });
    const { runs } = suite.console;
    const detail = decodeRun(await suite.api.get<RunDetailWire>(`/runs/${runs.budget}`));
    const call = detail.jobs.find((job) => job.jobClass === "LLMCall" && job.depth === 1)!;
    const [summary] = await suite.api.get<ModelCallSummary[]>(`/jobs/${call.jobId}/calls`);
    const { page } = suite.page("operator");
    const shoot = async (name: string, path: string, ready: string, then?: () => Promise<void>) => {
      await page.goto(`${suite.console.url}${path}`);
      await eventually(() => page.getByTestId(ready).count(), path).toBeGreaterThan(0);
      await then?.();
      await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}.png`) });
    };
    await shoot("runs", "/runs", "runs-row");
    await shoot("run", `/runs/${runs.budget}?job=${call.jobId}`, "call-row", async () => {
      await page.locator(`[data-testid="call-row"][data-seq="${summary!.seq}"]`).click();
      await eventually(() => page.getByTestId("transcript").count()).toBe(1);
    });
    await shoot("costs", "/costs?by=model", "costs-row");
    await shoot("models", "/models", "headroom-row");
    await shoot("fleet", "/fleet", "worker-row");
  });
}
