// Waiting for the page to show something: it loads after every navigation and re-reads some
// views every few seconds, so what a test reads is polled until it matches (or the time is up).
import type { Locator } from "playwright-core";
import { expect } from "vitest";

/** How long a page may take to show what is asked, on a loaded 2-core machine. */
const PAGE_TIMEOUT_MS = 15_000;

/**
 * `expect.poll` with the page's timeout: `await eventually(() => locator.count()).toBe(3)`.
 *
 * @example await eventually(() => page.getByTestId("runs-row").count(), "runs").toBe(50);
 */
export function eventually<T>(read: () => T | Promise<T>, message?: string) {
  return expect.poll(read, {
    timeout: PAGE_TIMEOUT_MS,
    interval: 50,
    ...(message === undefined ? {} : { message }),
  });
}

/**
 * The text `locator` shows as rendered: Playwright's `innerText`, what a reader sees (hidden
 * parts left out), which is what these tests check, rather than every text node.
 *
 * @example expect(await shownText(page.getByTestId("job-output"))).toContain("sum");
 */
export function shownText(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator's rendered text, not a DOM node's property
  return locator.innerText();
}
