// Chromium driven by playwright-core, and what a page did that it must not: dialogs, requests
// to the canary URL, errors on the console (a CSP violation among them).
import { chromiumForTests } from "@nucleo/tooling/browser";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/** The viewport every page is opened in (the screenshots' size too). */
export const VIEWPORT = { width: 1400, height: 900 } as const;

/** Launches the machine's Chromium headless, or answers `undefined` when the tests must be skipped. */
export async function launchChromium(label: string): Promise<Browser | undefined> {
  const launch = await chromiumForTests(label);
  if (launch === undefined) return undefined;
  return chromium.launch({
    executablePath: launch.executablePath,
    args: [...launch.args],
    headless: launch.headless,
  });
}

/** What the pages of one browser context did, recorded as it happened. */
export interface ContextWatch {
  /** Every URL requested that holds `/canary`: an injected payload that ran. */
  readonly canaryRequests: string[];
  /** Every dialog opened (`alert`, `confirm`, ...): none is expected. */
  readonly dialogs: string[];
  /** Every console message of type `error`, and every uncaught page error. */
  readonly consoleErrors: string[];
}

/** A fresh browser context (no cookies) at {@link VIEWPORT}, watched from its first request. */
export async function watchedContext(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; watch: ContextWatch }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const watch: ContextWatch = { canaryRequests: [], dialogs: [], consoleErrors: [] };
  // On the context, so a popup or a second page is watched too.
  context.on("request", (request) => {
    if (request.url().includes("/canary")) watch.canaryRequests.push(request.url());
  });
  context.on("page", (page) => watchPage(page, watch));
  const page = await context.newPage();
  return { context, page, watch };
}

function watchPage(page: Page, watch: ContextWatch): void {
  page.on("dialog", (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on("console", (message) => {
    if (message.type() === "error") watch.consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => watch.consoleErrors.push(`uncaught: ${error.message}`));
}

/** Console errors that are a Content-Security-Policy violation. */
export function cspViolations(watch: ContextWatch): string[] {
  return watch.consoleErrors.filter((text) =>
    /Content Security Policy|Content-Security-Policy/i.test(text),
  );
}
