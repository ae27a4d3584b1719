import { describe, expect, it } from "vitest";
import { consoleHarness } from "../test-support/console-harness.js";
import { fakeServices } from "../test-support/fake-services.js";

const SUBMIT = JSON.stringify({ workflow: "budget_check", input: {} });

describe("cross-site requests", () => {
  it("a state-changing request from another origin is refused, even with the session's cookie and token", async () => {
    const { services, calls } = fakeServices();
    const { request, signIn } = await consoleHarness(services);
    const { cookie, csrf } = await signIn("operator");
    const response = await request("/api/fleet/submit", {
      method: "POST",
      body: SUBMIT,
      cookie,
      csrf,
      headers: { origin: "http://evil.test" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "csrf_refused" } });
    expect(calls.filter((call) => call.method === "submit")).toEqual([]);
  });

  it("a state-changing request without an Origin is refused", async () => {
    const { request, signIn } = await consoleHarness(fakeServices().services);
    const { cookie, csrf } = await signIn("operator");
    const headers = new Headers({ origin: "" });
    const response = await request("/api/fleet/workflows/wf-1/cancel", {
      method: "POST",
      cookie,
      csrf,
      headers,
    });
    expect(response.status).toBe(403);
  });

  it("a same-origin request without the session's CSRF token is refused", async () => {
    const { services, calls } = fakeServices();
    const { request, signIn } = await consoleHarness(services);
    const { cookie } = await signIn("operator");
    const other = await signIn("operator");
    for (const csrf of [undefined, "guess", other.csrf]) {
      const response = await request("/api/fleet/workflows/wf-1/cancel", {
        method: "POST",
        cookie,
        ...(csrf === undefined ? {} : { csrf }),
      });
      expect(response.status).toBe(403);
    }
    expect(calls.filter((call) => call.method === "cancel")).toEqual([]);
  });

  it("signing in from another origin is refused (no login CSRF)", async () => {
    const { request } = await consoleHarness(fakeServices().services);
    const response = await request("/api/session", {
      method: "POST",
      body: JSON.stringify({ user: "viewer", password: "viewer-password-22" }),
      headers: { origin: "http://evil.test" },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("behind a proxy, only the configured public origin is the console's own", async () => {
    const { request, signIn } = await consoleHarness(fakeServices().services, {
      publicOrigin: "https://admin.example.test",
    });
    const refused = await request("/api/session", {
      method: "POST",
      body: JSON.stringify({ user: "viewer", password: "viewer-password-22" }),
    });
    expect(refused.status).toBe(403);
    await expect(signIn("viewer")).rejects.toThrow(/403/);
    const allowed = await request("/api/session", {
      method: "POST",
      body: JSON.stringify({ user: "viewer", password: "viewer-password-22" }),
      headers: { origin: "https://admin.example.test" },
    });
    expect(allowed.status).toBe(200);
  });

  it("every answer carries a strict Content-Security-Policy with no inline script", async () => {
    const { request } = await consoleHarness(fakeServices().services);
    for (const path of ["/api/runs", "/api/nope"]) {
      const policy = (await request(path)).headers.get("content-security-policy")!;
      expect(policy).toMatch(/script-src 'self'(;|$)/);
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(policy).toMatch(/frame-ancestors 'none'/);
    }
  });
});
