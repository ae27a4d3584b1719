// One console, one fill and one browser for every admin test: started once in `beforeAll`, torn
// down in `afterAll` whatever happened. A page per role is signed in once and shared (a new page
// and a sign-in cost a second on a 2-core machine); a test that needs a clean browser opens a
// fresh context, closed after it.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, it } from "vitest";
import { type ContextWatch, launchChromium, watchedContext } from "./browser.js";
import { type ConsoleApi, consoleApi, signInContext } from "./console-api.js";
import { type ConsoleUnderTest, startConsoleUnderTest } from "./console-under-test.js";

/** A role the console signs in. */
export type Role = "operator" | "viewer";

/** A page and what its context did since the test began. */
export interface WatchedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly watch: ContextWatch;
}

/** What every test works with once the suite has started. */
export interface AdminSuite {
  readonly console: ConsoleUnderTest;
  readonly browser: Browser;
  /** The API as the operator, for what the pages must agree with. */
  readonly api: ConsoleApi;
  /** The shared page signed in as `role`, its watch emptied for this test. */
  page(role: Role): WatchedPage;
  /** A fresh context and page, signed in as `role` (or not at all), closed after the test. */
  open(role?: Role): Promise<WatchedPage>;
}

/** A test of the suite: its body runs only when the suite could start (else it is skipped). */
export type SuiteTest = (
  name: string,
  body: (suite: AdminSuite) => Promise<void>,
  timeoutMs?: number,
) => void;

// The fill runs the built worker many times over on a 2-core machine: generous, never waited out.
const START_TIMEOUT_MS = 180_000;

/** Registers the suite's hooks and answers the `it` its tests are declared with. */
export function adminSuite(): SuiteTest {
  let started: AdminSuite | undefined;
  let running: ConsoleUnderTest | undefined;
  let browser: Browser | undefined;
  const fresh: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchChromium("admin console e2e");
    if (browser === undefined) return;
    const launched = browser;
    // The shared pages are made while the fill runs.
    const [underTest, operatorPage, viewerPage] = await Promise.all([
      startConsoleUnderTest().then((value) => (running = value)),
      watchedContext(launched),
      watchedContext(launched),
    ]);
    if (underTest === undefined) return;
    const signIn = (opened: WatchedPage, role: Role) =>
      signInContext(opened.context, underTest.url, role, underTest.passwords[role]);
    const [api] = await Promise.all([
      consoleApi(underTest.url, "operator", underTest.passwords.operator),
      signIn(operatorPage, "operator"),
      signIn(viewerPage, "viewer"),
    ]);
    const shared = { operator: operatorPage, viewer: viewerPage };
    started = {
      console: underTest,
      browser: launched,
      api,
      page(role) {
        const { watch } = shared[role];
        for (const seen of Object.values(watch)) seen.length = 0;
        return shared[role];
      },
      async open(role) {
        const opened = await watchedContext(launched);
        fresh.push(opened.context);
        if (role !== undefined) await signIn(opened, role);
        return opened;
      },
    };
  }, START_TIMEOUT_MS);

  afterEach(async () => {
    for (const context of fresh.splice(0)) await context.close().catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await running?.stop();
  }, 60_000);

  return (name, body, timeoutMs) =>
    it(
      name,
      async ({ skip }) => {
        if (started === undefined)
          return skip("PostgreSQL or Chromium is not installed (see the warning above)");
        await body(started);
      },
      timeoutMs,
    );
}
