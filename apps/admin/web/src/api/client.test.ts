import { describe, expect, it } from "vitest";
import { ApiFailure, createApiClient, idSegment } from "./client.ts";

interface Seen {
  url: string;
  init: RequestInit;
}

function fakeServer(status: number, body: unknown) {
  const seen: Seen[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    seen.push({ url: String(url), init: init ?? {} });
    if (status === 204) return new Response(null, { status });
    return new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  };
  return { seen, fetch: fetch as typeof globalThis.fetch };
}

const header = (seen: Seen, name: string): string | undefined =>
  (seen.init.headers as Record<string, string>)[name];

describe("the CSRF token rides on state-changing requests only", () => {
  it("sends it on POST and DELETE, never on GET", async () => {
    const server = fakeServer(200, { done: true });
    const api = createApiClient({ fetch: server.fetch });
    api.setCsrfToken("tok-1");
    await api.get("/fleet");
    await api.post("/fleet/workflows/w/cancel");
    const deleting = fakeServer(204, null);
    const signOut = createApiClient({ fetch: deleting.fetch });
    signOut.setCsrfToken("tok-2");
    await signOut.delete("/session");
    expect(header(server.seen[0]!, "x-csrf-token")).toBeUndefined();
    expect(header(server.seen[1]!, "x-csrf-token")).toBe("tok-1");
    expect(header(deleting.seen[0]!, "x-csrf-token")).toBe("tok-2");
  });

  it("sends cookies same-origin and JSON bodies under /api", async () => {
    const server = fakeServer(200, { id: "w1" });
    const api = createApiClient({ fetch: server.fetch });
    await api.post("/fleet/submit", { workflow: "x", input: {} });
    expect(server.seen[0]!.url).toBe("/api/fleet/submit");
    expect(server.seen[0]!.init.credentials).toBe("same-origin");
    expect(server.seen[0]!.init.body).toBe('{"workflow":"x","input":{}}');
  });

  it("leaves empty query parameters out", async () => {
    const server = fakeServer(200, { runs: [], next: null });
    await createApiClient({ fetch: server.fetch }).get("/runs", { status: "failed", q: "" });
    expect(server.seen[0]!.url).toBe("/api/runs?status=failed");
  });
});

describe("errors reach the page as the server wrote them", () => {
  it("carries the server's message, code and field", async () => {
    const server = fakeServer(400, {
      error: { code: "invalid_input", message: "minCost needs currency", field: "currency" },
    });
    const failure = await createApiClient({ fetch: server.fetch })
      .get("/runs", { minCost: "1" })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({
      status: 400,
      code: "invalid_input",
      message: "minCost needs currency",
      field: "currency",
    });
  });

  it("names the status when the answer is not the API's error shape", async () => {
    const server = fakeServer(502, "<html>bad gateway</html>");
    const failure = await createApiClient({ fetch: server.fetch })
      .get("/fleet")
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 502, code: "bad_answer" });
  });

  it("reports an unreachable server as a network failure", async () => {
    const api = createApiClient({
      fetch: (async () => {
        throw new TypeError("fetch failed");
      }) as typeof fetch,
    });
    await expect(api.get("/fleet")).rejects.toMatchObject({ status: 0, code: "network" });
  });
});

describe("a 401 ends the session, except a refused sign-in", () => {
  const unauthenticated = { error: { code: "unauthenticated", message: "sign in" } };

  it("calls onUnauthenticated when a page's request is refused", async () => {
    let calls = 0;
    const server = fakeServer(401, unauthenticated);
    const api = createApiClient({ fetch: server.fetch, onUnauthenticated: () => calls++ });
    await expect(api.get("/runs")).rejects.toBeInstanceOf(ApiFailure);
    expect(calls).toBe(1);
  });

  it("lets a wrong password show its message on the sign-in page", async () => {
    let calls = 0;
    const server = fakeServer(401, unauthenticated);
    const api = createApiClient({ fetch: server.fetch, onUnauthenticated: () => calls++ });
    await expect(api.post("/session", { user: "viewer", password: "x" })).rejects.toMatchObject({
      message: "sign in",
    });
    expect(calls).toBe(0);
  });
});

describe("ids are path segments", () => {
  it("encodes characters that would change the path", () => {
    expect(idSegment("a/b?c#d")).toBe("a%2Fb%3Fc%23d");
    expect(idSegment(3)).toBe("3");
  });
});
