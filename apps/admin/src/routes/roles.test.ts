import { describe, expect, it } from "vitest";
import { consoleHarness } from "../test-support/console-harness.js";
import { fakeServices } from "../test-support/fake-services.js";

const ACTIONS: readonly [path: string, body?: string][] = [
  ["/api/fleet/submit", JSON.stringify({ workflow: "budget_check", input: { costs: [1] } })],
  ["/api/fleet/workflows/wf-1/cancel"],
  ["/api/fleet/dead-letters/wf-1/retry"],
];

describe("roles", () => {
  it.each(ACTIONS)("a viewer is refused %s with a 403, and nothing is done", async (path, body) => {
    const { services, calls } = fakeServices();
    const { request, signIn } = await consoleHarness(services);
    const { cookie, csrf } = await signIn("viewer");
    const response = await request(path, {
      method: "POST",
      cookie,
      csrf,
      ...(body === undefined ? {} : { body }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "forbidden" } });
    expect(calls).toEqual([]);
  });

  it("an operator submits, cancels and retries, each passed to the fleet as given", async () => {
    const { services, calls } = fakeServices();
    const { request, signIn } = await consoleHarness(services);
    const { cookie, csrf } = await signIn("operator");
    const submit = await request("/api/fleet/submit", {
      method: "POST",
      cookie,
      csrf,
      body: JSON.stringify({
        workflow: "budget_check",
        input: { costs: [1] },
        tenant: "acme",
        key: "k-1",
      }),
    });
    expect(await submit.json()).toEqual({ id: "wf-1" });
    expect(
      await (
        await request("/api/fleet/workflows/wf-9/cancel", { method: "POST", cookie, csrf })
      ).json(),
    ).toEqual({ done: true });
    expect(
      await (
        await request("/api/fleet/dead-letters/wf-8/retry", { method: "POST", cookie, csrf })
      ).json(),
    ).toEqual({ done: true });
    expect(calls).toEqual([
      {
        method: "submit",
        args: ["budget_check", { costs: [1] }, { tenant: "acme", idempotencyKey: "k-1" }],
      },
      { method: "cancel", args: ["wf-9"] },
      { method: "retryDeadLetter", args: ["wf-8"] },
    ]);
  });

  it("a viewer reads every page's data", async () => {
    const { request, signIn } = await consoleHarness(fakeServices().services);
    const { cookie } = await signIn("viewer");
    for (const path of [
      "/api/runs",
      "/api/runs/root-1",
      "/api/costs?by=day",
      "/api/benchmarks",
      "/api/models",
      "/api/fleet",
    ]) {
      expect((await request(path, { cookie })).status, path).toBe(200);
    }
  });
});
