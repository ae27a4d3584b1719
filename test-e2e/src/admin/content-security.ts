// The Content-Security-Policy on the pages, and a tour of every page that must leave the
// browser's console clean: no CSP violation, no error at all.
import { decodeRun, type RunDetailWire } from "@nucleo/admin";
import type { BenchmarkSummary, ModelCallSummary } from "@nucleo/admin";
import { expect } from "vitest";
import type { SuiteTest } from "./harness/admin-suite.js";
import { eventually } from "./harness/eventually.js";
import { cspViolations } from "./harness/browser.js";

/** The directives the console's policy must hold: nothing inline, nothing from elsewhere. */
const REQUIRED_DIRECTIVES = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** Declares the content-security rules. */
export function contentSecurityRules(test: SuiteTest): void {
  test("every HTML page and its script carry a strict Content-Security-Policy, with nothing unsafe allowed", async (suite) => {
    const { page } = suite.page("viewer");
    const scripts: Array<Record<string, string>> = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.headers());
    });
    for (const path of [
      "/sign-in",
      "/runs",
      `/runs/${suite.console.runs.budget}`,
      "/no/such/page",
    ]) {
      const response = await page.goto(`${suite.console.url}${path}`);
      const policy = response!.headers()["content-security-policy"] ?? "";
      expect(response!.headers()["content-type"], path).toMatch(/^text\/html/);
      const directives = policy.split(";").map((directive) => directive.trim());
      expect(directives, path).toEqual(expect.arrayContaining(REQUIRED_DIRECTIVES));
      expect(policy, path).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    }
    expect(scripts.length).toBeGreaterThan(0);
    for (const headers of scripts)
      expect(headers["content-security-policy"]).toContain("script-src 'self'");
  });

  test("a tour of every page, a job, a transcript and the submit form leaves no error on the browser's console", async (suite) => {
    const { runs } = suite.console;
    const detail = decodeRun(await suite.api.get<RunDetailWire>(`/runs/${runs.budget}`));
    const call = detail.jobs.find((job) => job.jobClass === "LLMCall")!;
    const [summary] = await suite.api.get<ModelCallSummary[]>(`/jobs/${call.jobId}/calls`);
    const [report] = await suite.api.get<BenchmarkSummary[]>("/benchmarks");
    const { page, watch } = suite.page("operator");
    const tour: Array<[path: string, ready: string]> = [
      ["/runs", "runs-row"],
      [`/runs/${runs.budget}?job=${call.jobId}`, "call-row"],
      ["/costs?by=day", "costs-row"],
      ["/benchmarks", "benchmarks-row"],
      [`/benchmarks/${report!.jobId}`, "benchmark-run-row"],
      ["/models", "headroom-row"],
      ["/fleet", "submit-form"],
    ];
    for (const [path, ready] of tour) {
      await page.goto(`${suite.console.url}${path}`);
      await eventually(() => page.getByTestId(ready).count(), path).toBeGreaterThan(0);
      if (ready === "call-row") {
        await page.locator(`[data-testid="call-row"][data-seq="${summary!.seq}"]`).click();
        await eventually(() => page.getByTestId("transcript").count()).toBe(1);
      }
    }
    expect(cspViolations(watch)).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  });
}
