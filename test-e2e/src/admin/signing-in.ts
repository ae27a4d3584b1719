// Signing in and out through the pages.
import { expect } from "vitest";
import { signInThroughForm } from "./harness/console-api.js";
import type { SuiteTest } from "./harness/admin-suite.js";
import { eventually } from "./harness/eventually.js";

/** The pages every signed-in user can reach; signed out, each must send to the sign-in page. */
const SIGNED_IN_PAGES = ["/runs", "/costs", "/benchmarks", "/models", "/fleet"];

/** Declares the signing-in rules. */
export function signingInRules(test: SuiteTest): void {
  test("a wrong password is refused on the sign-in page and opens no session; the right one signs the viewer in", async (suite) => {
    const { page, context } = await suite.open();
    await signInThroughForm(
      page,
      suite.console.url,
      "viewer",
      `${suite.console.passwords.viewer}x`,
    );
    await eventually(() => page.getByTestId("error-banner").textContent()).toContain(
      "Wrong user or password.",
    );
    expect(new URL(page.url()).pathname).toBe("/sign-in");
    expect(await context.cookies()).toEqual([]);
    expect((await page.request.get(`${suite.console.url}/api/session`)).status()).toBe(401);

    await page.getByTestId("sign-in-password").fill(suite.console.passwords.viewer);
    await page.getByTestId("sign-in-submit").click();
    await page.waitForURL((url) => url.pathname === "/runs");
    await eventually(() => page.getByTestId("session-role").textContent()).toBe("viewer");
    expect(await page.getByTestId("session-user").textContent()).toBe("viewer");
  });

  test("an operator signs in through the form, sees the role, and signed out every page goes to sign-in", async (suite) => {
    const { page } = await suite.open();
    await page.goto(`${suite.console.url}/fleet?x=1`);
    await page.waitForURL((url) => url.pathname === "/sign-in");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/fleet?x=1");

    await page.getByTestId("sign-in-user").fill("operator");
    await page.getByTestId("sign-in-password").fill(suite.console.passwords.operator);
    await page.getByTestId("sign-in-submit").click();
    // Back to the page asked for before signing in.
    await page.waitForURL((url) => url.pathname === "/fleet");
    await eventually(() => page.getByTestId("session-role").textContent()).toBe("operator");
    expect(await page.getByTestId("session-user").textContent()).toBe("operator");

    await page.getByTestId("sign-out").click();
    await page.waitForURL((url) => url.pathname === "/sign-in");
    expect((await page.request.get(`${suite.console.url}/api/session`)).status()).toBe(401);
    for (const path of SIGNED_IN_PAGES) {
      await page.goto(`${suite.console.url}${path}`);
      await page.waitForURL((url) => url.pathname === "/sign-in");
      expect(await page.getByTestId("sign-in-form").isVisible(), path).toBe(true);
    }
  });
}
