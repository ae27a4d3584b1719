/**
 * Times a run's page in Chromium (Debian's package, driven by playwright-core): after signing
 * in, it opens the run `times` times and reads, on the page's own clock, when the API's answer
 * ended (resource timing), when the first tree rows were on screen, and when the job panel
 * opened after a click on a row. Medians of the runs.
 */
import { median } from "@nucleo/tooling/bench";
import { chromiumForTests } from "@nucleo/tooling/browser";
import { chromium } from "playwright-core";

/** Milliseconds from the end of the API's answer to rows on screen, and to a click answered. */
export interface RunPageTiming {
  readonly rowsMs: number;
  readonly interactiveMs: number;
}

export async function timeRunPageInBrowser(
  url: string,
  password: string,
  rootId: string,
  times: number,
): Promise<RunPageTiming> {
  const launch = await chromiumForTests("admin bench");
  if (launch === undefined)
    throw new Error("The admin bench needs Chromium (Debian's chromium package).");
  const browser = await chromium.launch({
    executablePath: launch.executablePath,
    args: [...launch.args],
    headless: true,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${url}/sign-in`);
    await page.getByTestId("sign-in-user").fill("operator");
    await page.getByTestId("sign-in-password").fill(password);
    await page.getByTestId("sign-in-submit").click();
    await page.getByTestId("nav-runs").waitFor();
    const rows: number[] = [];
    const interactive: number[] = [];
    for (let run = 0; run < times; run += 1) {
      await page.goto(`${url}/runs/${encodeURIComponent(rootId)}`);
      await page.getByTestId("tree-row").nth(2).waitFor({ timeout: 60_000 });
      const rowsAt = await page.evaluate(() => performance.now());
      await page.getByTestId("tree-row").nth(2).click();
      await page.getByTestId("job-detail").waitFor();
      const clickedAt = await page.evaluate(() => performance.now());
      const answeredAt = await page.evaluate(
        (path) => {
          const entry = performance
            .getEntriesByType("resource")
            .find((resource) => resource.name.endsWith(path)) as
            | PerformanceResourceTiming
            | undefined;
          return entry?.responseEnd ?? Number.NaN;
        },
        `/api/runs/${encodeURIComponent(rootId)}`,
      );
      rows.push(rowsAt - answeredAt);
      interactive.push(clickedAt - answeredAt);
    }
    return { rowsMs: median(rows), interactiveMs: median(interactive) };
  } finally {
    await browser.close();
  }
}
