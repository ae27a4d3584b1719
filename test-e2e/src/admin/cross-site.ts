// Requests from another origin, in the same browser as a signed-in operator: the console must
// refuse them, and nothing may be submitted.
import type { FleetView } from "@nucleo/admin";
import { expect } from "vitest";
import type { SuiteTest } from "./harness/admin-suite.js";
import { eventually, shownText } from "./harness/eventually.js";
import { CROSS_SITE_TENANT, startCrossSitePages } from "./harness/cross-site-pages.js";

/** How many workflows the hostile pages managed to queue (the fleet lists the 50 newest). */
async function hostileSubmissions(api: { get<T>(path: string): Promise<T> }): Promise<number> {
  const fleet = await api.get<FleetView>("/fleet");
  return fleet.recent.filter((item) => item.tenant === CROSS_SITE_TENANT).length;
}

/** Declares the cross-site rules. */
export function crossSiteRules(test: SuiteTest): void {
  for (const host of ["127.0.0.1", "localhost"] as const) {
    const where = host === "127.0.0.1" ? "the console's site on another port" : "another site";
    test(`a form on ${where} that posts itself to the submit route is refused, and nothing is submitted`, async (suite) => {
      const pages = await startCrossSitePages(suite.console.url);
      try {
        const { page } = suite.page("operator");
        const refused = page.waitForResponse((response) =>
          response.url().endsWith("/api/fleet/submit"),
        );
        await page.goto(`${pages.origin(host)}/form`);
        const response = await refused;
        expect(response.status()).toBe(403);
        expect(await response.json()).toMatchObject({ error: { code: "csrf_refused" } });
        expect(await hostileSubmissions(suite.api)).toBe(0);
      } finally {
        await pages.close();
      }
    });
  }

  test("a page of another origin that fetches with the operator's cookies can neither submit nor read the CSRF token", async (suite) => {
    const pages = await startCrossSitePages(suite.console.url);
    try {
      const { page, context } = suite.page("operator");
      await page.goto(`${pages.origin("127.0.0.1")}/fetch`);
      // The browser's own network log (of the attacker's page, now loaded): it sees a response
      // the page is not allowed to read.
      const network = await context.newCDPSession(page);
      // Both kinds of event come in either order: joined when read.
      const sent = new Map<string, { method: string; url: string }>();
      const statuses = new Map<string, number>();
      network.on("Network.requestWillBeSent", (event) => sent.set(event.requestId, event.request));
      // What came back on the wire, even when CORS then hides it from the page.
      network.on("Network.responseReceivedExtraInfo", (event) =>
        statuses.set(event.requestId, event.statusCode),
      );
      const submits = () =>
        [...sent]
          .filter(([id, request]) => request.url.endsWith("/api/fleet/submit") && statuses.has(id))
          .map(([id, request]) => `${request.method} ${statuses.get(id)}`)
          .sort();
      await network.send("Network.enable");
      await page.evaluate("attack()");
      await page.waitForSelector("body[data-done=yes]");
      const outcomes = JSON.parse(await shownText(page.locator("#out"))) as string[];
      // No CORS answer lets the page read anything: every fetch fails in the page.
      expect(outcomes).toEqual(["failed: TypeError", "failed: TypeError", "failed: TypeError"]);
      // The simple POST reached the server and was refused; the JSON one never passed its
      // preflight (refused too: a preflight carries no cookie).
      await eventually(submits).toEqual(["OPTIONS 401", "POST 403"]);
      await network.detach();
      expect(await hostileSubmissions(suite.api)).toBe(0);
    } finally {
      await pages.close();
    }
  });
}
