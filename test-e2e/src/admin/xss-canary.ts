// The XSS canary: a run whose name, tool result, model answer, transcript and error hold every
// payload of `xss-payloads.ts`, opened in the console. Nothing may run; everything must read.
import { decodeRun, type RunDetailWire } from "@nucleo/admin";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { SuiteTest } from "./harness/admin-suite.js";
import { eventually, shownText } from "./harness/eventually.js";
import { cspViolations } from "./harness/browser.js";
import { BELL, RTL_OVERRIDE, visibleEscape, XSS_PAYLOADS } from "./harness/xss-payloads.js";

/** The browser globals the checks read (this package compiles without the DOM library). */
interface PageGlobals {
  readonly document: {
    getElementById(id: string): { querySelectorAll(selector: string): ArrayLike<unknown> } | null;
    querySelectorAll(selector: string): ArrayLike<unknown>;
    readonly scripts: ArrayLike<{ readonly src: string }>;
    readonly body: { readonly textContent: string };
  };
  readonly location: { readonly origin: string };
  alert(message: string): void;
}

/** What in the page's DOM would be a payload turned into markup. */
async function injectedMarkup(page: Page) {
  return page.evaluate(() => {
    // Erased when compiled: in the page these are its own globals.
    const { document, location } = globalThis as unknown as PageGlobals;
    const root = document.getElementById("root")!;
    const count = (selector: string) => root.querySelectorAll(selector).length;
    return {
      scripts: count("script"),
      imgX: document.querySelectorAll('img[src="x"]').length,
      svgs: count("svg"),
      handlers: document.querySelectorAll("[onerror], [onload], [onclick]").length,
      javascriptLinks: document.querySelectorAll('a[href^="javascript:" i], [src^="javascript:" i]')
        .length,
      // The page's own script tags are in <head>, with a src on this origin: nothing else.
      foreignScripts: Array.from(document.scripts).filter(
        (script) => !script.src.startsWith(location.origin),
      ).length,
    };
  });
}

/** What {@link injectedMarkup} finds on a page where no payload became markup. */
const NO_MARKUP = {
  scripts: 0,
  imgX: 0,
  svgs: 0,
  handlers: 0,
  javascriptLinks: 0,
  foreignScripts: 0,
};

/** Declares the XSS canary rules. */
export function xssCanaryRules(test: SuiteTest): void {
  test("the XSS canary run is shown as text everywhere: no dialog, no request to /canary, no injected markup", async (suite) => {
    const { canaryRootId } = suite.console.recorded;
    const detail = decodeRun(await suite.api.get<RunDetailWire>(`/runs/${canaryRootId}`));
    const { page, watch } = suite.page("viewer");

    const opened: string[] = [];
    // Full-text search finds it, with a snippet of what was said (where http links are made).
    await page.goto(`${suite.console.url}/runs?q=canary`);
    const listed = page.locator(`[data-testid="runs-row"][data-root-id="${canaryRootId}"]`);
    await eventually(() => listed.count()).toBe(1);
    expect(await shownText(listed.getByTestId("runs-row-snippet"))).toContain("canary");
    expect(await injectedMarkup(page)).toEqual(NO_MARKUP);

    // The runs list shows its name.
    await page.goto(`${suite.console.url}/runs?status=failed`);
    await eventually(() => listed.count()).toBe(1);
    opened.push(await shownText(listed.getByTestId("runs-row-link")));
    expect(await injectedMarkup(page)).toEqual(NO_MARKUP);
    await listed.getByTestId("runs-row-link").click();
    await eventually(() => page.getByTestId("tree-row").count()).toBe(detail.jobCount);
    opened.push(await shownText(page.locator("h1")));

    const open = async (jobName: string) => {
      const job = detail.jobs.find(
        (candidate) =>
          candidate.jobName === jobName || (jobName === "root" && candidate.depth === 0),
      )!;
      await page.locator(`[data-testid="tree-row"][data-job-id="${job.jobId}"]`).click();
      await eventually(() => page.getByTestId("job-detail").getAttribute("data-job-id")).toBe(
        job.jobId,
      );
      return job;
    };

    // The root: its error message.
    await open("root");
    await eventually(() => page.getByTestId("job-detail-error").count()).toBe(1);
    opened.push(await shownText(page.getByTestId("job-detail-error")));

    // The tool: its input and its result.
    await open("canary_lookup");
    await eventually(() => page.getByTestId("job-output").count()).toBe(1);
    opened.push(
      await shownText(page.getByTestId("job-input")),
      await shownText(page.getByTestId("job-output")),
    );

    // The model call: the transcript (system, user message, tool call and result) and the answer.
    await open("llm_call");
    await page.getByTestId("call-open").click();
    await eventually(() => page.getByTestId("transcript-answer").count()).toBe(1);
    opened.push(await shownText(page.getByTestId("transcript")));
    expect(await page.getByTestId("transcript-tool-call").count()).toBe(1);
    expect(await page.getByTestId("transcript-tool-result").count()).toBe(1);

    // Every payload reads as the text it is, in each place it was recorded.
    for (const [index, text] of opened.entries()) {
      for (const [name, payload] of Object.entries(XSS_PAYLOADS)) {
        expect(text.replace(/\\"/g, '"'), `${name} in shown text ${index}`).toContain(payload);
      }
    }
    // The bidi override and the bell are shown as escapes: neither is anywhere in the page's text.
    const body = await page.evaluate(
      () => (globalThis as unknown as PageGlobals).document.body.textContent,
    );
    expect(body).toContain(visibleEscape(RTL_OVERRIDE));
    expect(body).toContain(visibleEscape(BELL));
    expect(body).not.toContain(RTL_OVERRIDE);
    expect(body).not.toContain(BELL);
    expect(await page.getByTestId("untrusted-escape").count()).toBeGreaterThanOrEqual(
      opened.length,
    );

    expect(await injectedMarkup(page)).toEqual(NO_MARKUP);
    expect(watch.dialogs).toEqual([]);
    expect(watch.canaryRequests).toEqual([]);
    expect(cspViolations(watch)).toEqual([]);
  });

  test("the watchers would see a payload that ran: a dialog and a request to /canary are caught", async (suite) => {
    // Proves the canary test's detectors work: a page that does what a payload would is seen.
    const { page, watch } = suite.page("viewer");
    // A blank page: on one of the console's, its CSP would stop the fetch before it is a request.
    await page.goto("about:blank");
    await page.setContent("<p>x</p>");
    await page.evaluate(() => {
      void fetch("http://127.0.0.1:9/canary?probe").catch(() => undefined);
      (globalThis as unknown as PageGlobals).alert("probe");
    });
    await eventually(() => watch.canaryRequests.length).toBe(1);
    expect(watch.dialogs).toEqual(["alert: probe"]);
  });
}
