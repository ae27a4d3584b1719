// What an operator may do and a viewer may not: submit from the generated form, cancel, retry.
import type { FleetView } from "@nucleo/admin";
import { expect } from "vitest";
import type { SuiteTest } from "./harness/admin-suite.js";
import { eventually, shownText } from "./harness/eventually.js";

/** The tenant the operator's form submission names, to find it in the queue. */
const FORM_TENANT = "e2e-form";

/** Declares the rules of the operator's actions and the viewer's lack of them. */
export function operatorActionsRules(test: SuiteTest): void {
  test("a viewer sees no submit, cancel or retry control, and the same actions sent from its page with the CSRF token answer 403", async (suite) => {
    const { runs } = suite.console;
    const { page } = suite.page("viewer");
    await page.goto(`${suite.console.url}/fleet`);
    await eventually(() => page.getByTestId("recent-row").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("dead-letter-row").count()).toBe(1);
    for (const control of ["submit-form", "submit-button", "cancel-button", "retry-button"]) {
      expect(await page.getByTestId(control).count(), control).toBe(0);
    }

    const before = await suite.api.get<FleetView>("/fleet");
    const statuses = await page.evaluate(
      async ({ waiting, failed }) => {
        const session = (await (await fetch("/api/session")).json()) as {
          csrfToken: string;
          role: string;
        };
        const post = async (path: string, body?: unknown) =>
          (
            await fetch(path, {
              method: "POST",
              headers: { "content-type": "application/json", "x-csrf-token": session.csrfToken },
              body: JSON.stringify(body ?? {}),
            })
          ).status;
        return {
          role: session.role,
          submit: await post("/api/fleet/submit", {
            workflow: "support_chat",
            input: { conversation: "viewer-tries", message: "Submitted by a viewer." },
          }),
          cancel: await post(`/api/fleet/workflows/${waiting}/cancel`),
          retry: await post(`/api/fleet/dead-letters/${failed}/retry`),
        };
      },
      { waiting: runs.waiting, failed: runs.failed },
    );
    expect(statuses).toEqual({ role: "viewer", submit: 403, cancel: 403, retry: 403 });
    const after = await suite.api.get<FleetView>("/fleet");
    expect(after.recent.map((item) => [item.id, item.state])).toEqual(
      before.recent.map((item) => [item.id, item.state]),
    );
    expect(after.deadLetters.map((letter) => letter.id)).toEqual([runs.failed]);
  });

  test("an operator submits a workflow from the form generated from its input schema", async (suite) => {
    const { page } = suite.page("operator");
    await page.goto(`${suite.console.url}/fleet`);
    await page.getByTestId("submit-workflow").selectOption("support_chat");
    await page.getByTestId("submit-field-conversation").fill("e2e-form-chat");
    await page.getByTestId("submit-field-message").fill("Submitted from the console's form.");
    await page.getByTestId("submit-tenant").fill(FORM_TENANT);
    await page.getByTestId("submit-button").click();
    const link = page.getByTestId("submit-run-link");
    await eventually(() => link.count()).toBe(1);
    const id = (await shownText(link)).trim();
    const queued = (await suite.api.get<FleetView>("/fleet")).recent.find((item) => item.id === id);
    expect(queued).toMatchObject({ workflow: "support_chat", tenant: FORM_TENANT });
    // The serving worker runs it: the form's input was one the workflow accepts.
    await eventually(() => suite.api.queueState(id)).toBe("finished");
  });

  test("an operator cancels a queued workflow from the fleet page", async (suite) => {
    const { waiting } = suite.console.runs;
    expect(await suite.api.queueState(waiting)).toBe("queued");
    const { page } = suite.page("operator");
    await page.goto(`${suite.console.url}/fleet`);
    const row = page.locator(`[data-testid="recent-row"][data-workflow-id="${waiting}"]`);
    await row.getByTestId("cancel-button").click();
    await eventually(() => shownText(row.getByTestId("cancel-button-result"))).toBe("cancelled");
    expect(await suite.api.queueState(waiting)).toBe("cancelled");
  });
}
