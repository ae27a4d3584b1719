import { describe, expect, it } from "vitest";
import { consoleHarness } from "../test-support/console-harness.js";
import { fakeServices } from "../test-support/fake-services.js";

/** A bad request, and the field its 400 must name. */
const BAD: readonly [path: string, field: string][] = [
  ["/api/runs?status=done", "status"],
  ["/api/runs?limit=0", "limit"],
  ["/api/runs?limit=201", "limit"],
  ["/api/runs?limit=ten", "limit"],
  ["/api/runs?from=yesterday", "from"],
  ["/api/runs?to=2026-13-45T99:99", "to"],
  ["/api/runs?minCost=-1", "minCost"],
  ["/api/runs?maxCost=1e9", "maxCost"],
  ["/api/runs?currency=usd", "currency"],
  ["/api/runs?stauts=failed", "stauts"],
  ["/api/runs?q=", "q"],
  ["/api/jobs/j-1/calls/-1", "seq"],
  ["/api/jobs/j-1/calls/1.5", "seq"],
  ["/api/jobs/j-1/calls/99999999999", "seq"],
  [`/api/runs/${"x".repeat(201)}`, "rootId"],
  ["/api/runs/a%00b", "rootId"],
  ["/api/costs", "by"],
  ["/api/costs?by=week", "by"],
  ["/api/costs?by=day&from=soon", "from"],
  ["/api/runs?from=2026-01-02T10:00", "from"],
  ["/api/runs?q=refund&status=failed", "status"],
  ["/api/runs?tenant=acme&q=refund", "tenant"],
];

describe("bad parameters", () => {
  it.each(BAD)(
    "%s answers 400 naming %s, and asks nothing of the recorder",
    async (path, field) => {
      const { services, calls } = fakeServices();
      const { request, signIn } = await consoleHarness(services);
      const { cookie } = await signIn("viewer");
      const response = await request(path, { cookie });
      expect(response.status).toBe(400);
      const body = (await response.json()) as {
        error: { code: string; field: string; message: string };
      };
      expect(body.error).toMatchObject({ code: "invalid_input", field });
      expect(body.error.message).toContain(field);
      expect(calls).toEqual([]);
    },
  );

  it.each([
    ["not JSON", "{", "body"],
    ["no workflow", JSON.stringify({ input: {} }), "workflow"],
    [
      "an unknown field",
      JSON.stringify({ workflow: "budget_check", input: {}, priority: 3 }),
      "priority",
    ],
    ["a workflow not offered", JSON.stringify({ workflow: "rm_rf", input: {} }), "workflow"],
  ])("a submission with %s answers 400 naming %s", async (_, body, field) => {
    const { services, calls } = fakeServices();
    const { request, signIn } = await consoleHarness(services);
    const { cookie, csrf } = await signIn("operator");
    const response = await request("/api/fleet/submit", { method: "POST", body, cookie, csrf });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_input", field } });
    expect(calls).toEqual([]);
  });

  it("an input the workflow's schema refuses answers 400 naming the input's field", async () => {
    const refusal = Object.assign(
      new Error('Invalid input for workflow "budget_check", field costs: expected an array.'),
      {
        code: "input_invalid",
        field: "costs",
      },
    );
    const { services } = fakeServices({ fleet: { submit: async () => Promise.reject(refusal) } });
    const { request, signIn } = await consoleHarness(services);
    const { cookie, csrf } = await signIn("operator");
    const response = await request("/api/fleet/submit", {
      method: "POST",
      body: JSON.stringify({ workflow: "budget_check", input: { costs: "x" } }),
      cookie,
      csrf,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { field: "input.costs", message: expect.stringContaining("costs") },
    });
  });

  it("a parameter the recorder refuses answers 400 naming it", async () => {
    const { request, signIn } = await consoleHarness(fakeServices().services);
    const { cookie } = await signIn("viewer");
    const response = await request("/api/benchmarks/b-1", { cookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { field: "jobId" } });
  });

  it("a database failure answers 503 without its message, which may hold a connection string", async () => {
    const leaked = new Error("connect ECONNREFUSED postgres://nucleo:s3cret-pw@db:5432/nucleo");
    const seen: unknown[] = [];
    const { services } = fakeServices({
      queries: { workflows: async () => Promise.reject(leaked) },
    });
    const { request, signIn } = await consoleHarness(services, {
      onServerError: (error) => seen.push(error),
    });
    const { cookie } = await signIn("viewer");
    const response = await request("/api/runs", { cookie });
    expect(response.status).toBe(503);
    expect(await response.text()).not.toContain("s3cret");
    expect(seen).toEqual([leaked]);
  });

  it("an unknown id answers 404", async () => {
    const { request, signIn } = await consoleHarness(fakeServices().services);
    const { cookie } = await signIn("viewer");
    expect((await request("/api/jobs/nope/content", { cookie })).status).toBe(404);
    expect((await request("/api/jobs/nope/calls/1", { cookie })).status).toBe(404);
    expect((await request("/api/nope", { cookie })).status).toBe(404);
  });
});
