import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  anthropicBody,
  openaiBody,
  post,
  type ParsedEvent,
  readEvents,
  responsesBody,
} from "../test-support/wire-client.js";
import { MockProviderServer } from "./mock-provider-server.js";

let server: MockProviderServer;

beforeEach(async () => {
  server = await MockProviderServer.start();
});
afterEach(async () => {
  await server.stop();
});

const wires = [
  {
    wire: "openai",
    url: () => `${server.openaiBaseUrl}/chat/completions`,
    body: openaiBody,
    errorOf: (body: any) => body.error,
  },
  {
    wire: "openai-responses",
    url: () => `${server.openaiBaseUrl}/responses`,
    body: responsesBody,
    errorOf: (body: any) => body.error,
  },
  {
    wire: "anthropic",
    url: () => `${server.anthropicBaseUrl}/v1/messages`,
    body: anthropicBody,
    errorOf: (body: any) => (body.type === "error" ? body.error : undefined),
  },
] as const;

describe.each(wires)("faults on the $wire wire", ({ wire, url, body, errorOf }) => {
  it("a throttle is a 429 in the wire's error shape with retry-after in seconds", async () => {
    server.script({ kind: "throttle", retryAfterSeconds: 7 });
    const response = await post(url(), body());
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("7");
    const error = errorOf(await response.json());
    expect(error.type).toBe(wire !== "anthropic" ? "requests" : "rate_limit_error");
    expect(error.message).toEqual(expect.any(String));
  });

  it("a throttle without retry-after sends no retry-after header", async () => {
    server.script({ kind: "throttle" });
    const response = await post(url(), body());
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBeNull();
  });

  it("an overloaded throttle is Anthropic's 529 overloaded_error, and OpenAI's 429 server_error", async () => {
    server.script({ kind: "throttle", overloaded: true, retryAfterSeconds: 1 });
    const response = await post(url(), body());
    expect(response.status).toBe(wire !== "anthropic" ? 429 : 529);
    expect(errorOf(await response.json()).type).toBe(
      wire !== "anthropic" ? "server_error" : "overloaded_error",
    );
  });

  it("an error has its status and message in the wire's error shape", async () => {
    server.script(
      { kind: "error", status: 503, message: "Down for maintenance." },
      { kind: "error", status: 401 },
    );
    const unavailable = await post(url(), body());
    expect(unavailable.status).toBe(503);
    expect(errorOf(await unavailable.json())).toMatchObject({
      type: wire !== "anthropic" ? "server_error" : "api_error",
      message: "Down for maintenance.",
    });
    const unauthorised = await post(url(), body());
    expect(unauthorised.status).toBe(401);
    expect(errorOf(await unauthorised.json()).type).toBe(
      wire !== "anthropic" ? "invalid_request_error" : "authentication_error",
    );
  });

  it("garbage is a 200 whose body is not the wire format: HTML by default, JSON when the script's body parses", async () => {
    server.script({ kind: "garbage" }, { kind: "garbage", body: '{"unexpected":true}' });
    const html = await post(url(), body());
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toContain("text/html");
    expect(await html.text()).toContain("<html>");
    const json = await post(url(), body());
    expect(json.headers.get("content-type")).toBe("application/json");
    expect(await json.json()).toEqual({ unexpected: true });
  });

  it("streamed garbage is an event stream whose data is not JSON", async () => {
    server.script({ kind: "garbage" });
    const { events, failure } = await readEvents(await post(url(), body({ stream: true })));
    expect(failure).toBeNull();
    expect(events.map((event) => event.json)).toEqual([null]);
  });

  it("a cut stream delivers its first events, never the finish, then the connection fails", async () => {
    server.script({
      kind: "cut-stream",
      afterEvents: 3,
      text: "A long answer that will not arrive whole",
    });
    const { events, failure } = await readEvents(await post(url(), body({ stream: true })));
    expect(failure).not.toBeNull();
    expect(events).toHaveLength(3);
    expect(events.some(finishes)).toBe(false);
  });

  it("a cut stream never reaches the finish, however many events were asked for", async () => {
    server.script({ kind: "cut-stream", afterEvents: 1000 });
    const { events, failure } = await readEvents(await post(url(), body({ stream: true })));
    expect(failure).not.toBeNull();
    expect(events.length).toBeGreaterThan(3);
    expect(events.some(finishes)).toBe(false);
  });

  it("a cut answer to a JSON request is a 200 whose JSON body stops halfway", async () => {
    server.script({ kind: "cut-stream" });
    const response = await post(url(), body());
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.startsWith("{")).toBe(true);
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
  });

  it("a no-usage answer is well formed but has no usage object, JSON or streamed", async () => {
    server.script({ kind: "no-usage", text: "Hi" }, { kind: "no-usage" });
    const json = await (await post(url(), body())).json();
    expect(json).not.toHaveProperty("usage");
    expect(JSON.stringify(json)).toContain("Hi");
    const { events } = await readEvents(
      await post(url(), body({ stream: true, stream_options: { include_usage: true } })),
    );
    expect(events.length).toBeGreaterThan(2);
    expect(events.some((event) => /"usage":\{|_tokens":\d/.test(event.data))).toBe(false);
  });

  it("a slow reply answers after its delay", async () => {
    server.script({ kind: "slow", delayMs: 40, reply: { kind: "answer", text: "late" } });
    const started = performance.now();
    const response = await post(url(), body());
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
    expect(JSON.stringify(await response.json())).toContain("late");
  });

  it("an answer's delayMs holds it back too, and an aborted client is left alone while the server carries on", async () => {
    server.script(
      { kind: "answer", text: "never read", delayMs: 50 },
      { kind: "answer", text: "next" },
    );
    const controller = new AbortController();
    const abandoned = post(url(), body({ stream: true }), {}, controller.signal);
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort();
    await expect(abandoned).rejects.toThrow();
    const next = await post(url(), body());
    expect(JSON.stringify(await next.json())).toContain("next");
  });
});

/** Whether an event tells the client its answer is complete, on any wire. */
function finishes(event: ParsedEvent): boolean {
  return Boolean(
    event.json?.choices?.[0]?.finish_reason ||
      event.event === "message_delta" ||
      event.event === "response.completed" ||
      event.data === "[DONE]",
  );
}
