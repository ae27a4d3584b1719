import { describe, expect, it } from "vitest";
import { consoleHarness, PASSWORDS } from "../test-support/console-harness.js";
import { fakeServices } from "../test-support/fake-services.js";

/** Every API route but signing in, as a signed-out browser might call it. */
const ROUTES: readonly [method: string, path: string][] = [
  ["GET", "/api/session"],
  ["DELETE", "/api/session"],
  ["GET", "/api/runs"],
  ["GET", "/api/runs/root-1"],
  ["GET", "/api/jobs/root-1/content"],
  ["GET", "/api/jobs/root-1/calls"],
  ["GET", "/api/jobs/root-1/calls/3"],
  ["GET", "/api/costs?by=model"],
  ["GET", "/api/benchmarks"],
  ["GET", "/api/benchmarks/b-1"],
  ["GET", "/api/models"],
  ["GET", "/api/fleet"],
  ["POST", "/api/fleet/submit"],
  ["POST", "/api/fleet/workflows/wf-1/cancel"],
  ["POST", "/api/fleet/dead-letters/wf-1/retry"],
];

describe("signing in", () => {
  it.each(ROUTES)(
    "nothing without signing in: %s %s answers 401 and asks nothing of the services",
    async (method, path) => {
      const { services, calls } = fakeServices();
      const { request } = await consoleHarness(services);
      const response = await request(path, { method });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: "unauthenticated" } });
      expect(calls).toEqual([]);
    },
  );

  it("a forged or expired cookie is no session", async () => {
    const { services } = fakeServices();
    const { request, signIn, clock } = await consoleHarness(services, {
      sessions: { idleMs: 60_000 },
    });
    expect((await request("/api/runs", { cookie: "nucleo_admin_session=forged" })).status).toBe(
      401,
    );
    const { cookie } = await signIn("viewer");
    expect((await request("/api/runs", { cookie })).status).toBe(200);
    clock.now += 60_001;
    expect((await request("/api/runs", { cookie })).status).toBe(401);
  });

  it("the session cookie is HttpOnly and SameSite=Strict, and Secure only behind TLS", async () => {
    const plain = await consoleHarness(fakeServices().services);
    const cookie = (await plain.signIn("viewer")).response.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/);
    const tls = await consoleHarness(fakeServices().services, {
      publicOrigin: "http://admin.test",
      secureCookies: true,
    });
    expect((await tls.signIn("viewer")).response.headers.get("set-cookie")).toMatch(/Secure/);
  });

  it("a wrong password is refused without saying which part was wrong; a user that is no role is a bad parameter", async () => {
    const { request } = await consoleHarness(fakeServices().services);
    const wrong = await request("/api/session", {
      method: "POST",
      body: JSON.stringify({ user: "operator", password: "nope" }),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: { code: "unauthenticated", message: "Wrong user or password." },
    });
    const unknown = await request("/api/session", {
      method: "POST",
      body: JSON.stringify({ user: "root", password: "x" }),
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { field: "user" } });
  });

  it("failed sign-ins are slowed down: past three, each waits twice as long, even with the right password", async () => {
    const { request, clock } = await consoleHarness(fakeServices().services);
    const attempt = (password: string) =>
      request("/api/session", {
        method: "POST",
        body: JSON.stringify({ user: "operator", password }),
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt("wrong")).status).toBe(401);
    expect((await attempt("wrong")).status).toBe(401); // the fourth failure starts a 1 s wait
    const refused = await attempt(PASSWORDS.operator);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    clock.now += 1_000;
    expect((await attempt("wrong")).status).toBe(401); // and now 2 s
    clock.now += 1_999;
    expect((await attempt(PASSWORDS.operator)).status).toBe(429);
    clock.now += 1;
    expect((await attempt(PASSWORDS.operator)).status).toBe(200);
  });

  it("guesses sent at once are not all checked: each counts before its check, so past the free ones they are refused", async () => {
    const { request } = await consoleHarness(fakeServices().services);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        request("/api/session", {
          method: "POST",
          body: JSON.stringify({ user: "operator", password: "guess" }),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(8);
  });

  it("sign-ins of both roles sent at once all succeed: checks wait their turn rather than fail", async () => {
    const { signIn } = await consoleHarness(fakeServices().services);
    const sessions = await Promise.all(
      ["operator", "viewer", "operator", "viewer", "operator"].map((role) =>
        signIn(role as "operator" | "viewer"),
      ),
    );
    expect(sessions.map((session) => session.response.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it("a viewer signing in does not wipe the count of guesses at the operator's password", async () => {
    const { request, signIn } = await consoleHarness(fakeServices().services);
    const guess = () =>
      request("/api/session", {
        method: "POST",
        body: JSON.stringify({ user: "operator", password: "guess" }),
      });
    for (let i = 0; i < 4; i += 1) await guess();
    await signIn("viewer");
    expect((await guess()).status).toBe(429);
  });

  it("a viewer's password does not open the operator's role", async () => {
    const { request } = await consoleHarness(fakeServices().services);
    const response = await request("/api/session", {
      method: "POST",
      body: JSON.stringify({ user: "operator", password: PASSWORDS.viewer }),
    });
    expect(response.status).toBe(401);
  });

  it("signing out ends the session on the server, not only in the browser", async () => {
    const { request, signIn } = await consoleHarness(fakeServices().services);
    const { cookie, csrf } = await signIn("operator");
    expect((await request("/api/session", { method: "DELETE", cookie, csrf })).status).toBe(204);
    expect((await request("/api/session", { cookie })).status).toBe(401);
  });

  it("the session answers the role and a CSRF token, never a password or its hash", async () => {
    const { request, signIn } = await consoleHarness(fakeServices().services);
    const { cookie } = await signIn("viewer");
    const text = await (await request("/api/session", { cookie })).text();
    expect(JSON.parse(text)).toMatchObject({
      user: "viewer",
      role: "viewer",
      csrfToken: expect.any(String),
    });
    expect(text).not.toMatch(/scrypt|password/i);
  });
});
