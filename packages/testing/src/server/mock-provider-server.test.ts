import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { anthropicBody, openaiBody, post } from "../test-support/wire-client.js";
import { MockProviderServer } from "./mock-provider-server.js";

let server: MockProviderServer;
const openai = () => `${server.openaiBaseUrl}/chat/completions`;
const anthropic = () => `${server.anthropicBaseUrl}/v1/messages`;

beforeEach(async () => {
  server = await MockProviderServer.start();
});
afterEach(async () => {
  await server.stop();
});

describe("MockProviderServer", () => {
  it("listens on 127.0.0.1 and gives each SDK its base URL", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.openaiBaseUrl).toBe(`${server.url}/v1`);
    expect(server.anthropicBaseUrl).toBe(server.url);
  });

  it("records every call in order with its wire, path, body, stream flag and model, and only whether a key came", async () => {
    await post(openai(), openaiBody({ stream: true }), { authorization: "Bearer sk-secret-1" });
    await post(`${anthropic()}?beta=true`, anthropicBody(), { "x-api-key": "sk-secret-2" });
    await post(openai(), openaiBody());
    expect(server.requests).toEqual([
      {
        wire: "openai",
        path: "/v1/chat/completions",
        body: openaiBody({ stream: true }),
        stream: true,
        apiKeyPresent: true,
        model: "gpt-test",
      },
      {
        wire: "anthropic",
        path: "/v1/messages",
        body: anthropicBody(),
        stream: false,
        apiKeyPresent: true,
        model: "claude-test",
      },
      {
        wire: "openai",
        path: "/v1/chat/completions",
        body: openaiBody(),
        stream: false,
        apiKeyPresent: false,
        model: "gpt-test",
      },
    ]);
    expect(JSON.stringify(server.requests)).not.toContain("sk-secret");
  });

  it("scripted replies are taken in order by whichever wire calls next", async () => {
    server.script({ kind: "answer", text: "first" }).script({ kind: "answer", text: "second" });
    expect(JSON.stringify(await (await post(anthropic(), anthropicBody())).json())).toContain(
      "first",
    );
    expect(JSON.stringify(await (await post(openai(), openaiBody())).json())).toContain("second");
  });

  it("the handler answers once the script is empty, and without either the answer is ok", async () => {
    const plain = await (await post(openai(), openaiBody())).json();
    expect(plain.choices[0].message.content).toBe("ok");
    server
      .script({ kind: "answer", text: "scripted" })
      .handle((request) => ({ kind: "answer", text: `handled ${request.wire}` }));
    const texts = [];
    for (let call = 0; call < 3; call++)
      texts.push((await (await post(openai(), openaiBody())).json()).choices[0].message.content);
    expect(texts).toEqual(["scripted", "handled openai", "handled openai"]);
  });

  it("a handler that throws is a 500 in the wire's shape, and the server keeps serving", async () => {
    server.handle(() => {
      throw new Error("handler bug");
    });
    const failed = await post(anthropic(), anthropicBody());
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({
      type: "error",
      error: { type: "api_error", message: expect.stringContaining("handler bug") },
    });
    server.handle(() => ({ kind: "answer", text: "fine" }));
    expect((await post(anthropic(), anthropicBody())).status).toBe(200);
  });

  it("an unknown route is a 404", async () => {
    const response = await post(`${server.url}/v1/embeddings`, {});
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toContain("/v1/embeddings");
  });

  it("stop() closes the server: open calls are dropped and new ones cannot connect", async () => {
    server.script({ kind: "slow", delayMs: 10_000, reply: { kind: "answer" } });
    const pending = post(openai(), openaiBody());
    await expect.poll(() => server.requests.length).toBe(1);
    const stopping = server.stop();
    await expect(pending).rejects.toThrow();
    await stopping;
    await expect(post(openai(), openaiBody())).rejects.toThrow();
    server = await MockProviderServer.start();
  });
});

describe.each([
  { wire: "openai", url: openai, body: openaiBody, errorOf: (body: any) => body.error },
  { wire: "anthropic", url: anthropic, body: anthropicBody, errorOf: (body: any) => body.error },
] as const)(
  "malformed requests on the $wire wire are refused with a 400",
  ({ wire, url, body, errorOf }) => {
    it("a body that is not JSON is a 400 in the wire's shape, and the server keeps serving", async () => {
      const response = await post(url(), "{not json");
      expect(response.status).toBe(400);
      expect(errorOf(await response.json())).toMatchObject({
        type: "invalid_request_error",
        message: expect.stringContaining("JSON"),
      });
      expect((await post(url(), "[1, 2]")).status).toBe(400);
      expect((await post(url(), body())).status).toBe(200);
    });

    it("a body that is not JSON is not recorded; a refused JSON body is", async () => {
      await post(url(), "{not json");
      await post(url(), { model: "m" });
      expect(server.requests.map((request) => request.body)).toEqual([{ model: "m" }]);
    });

    it("a missing or ill-typed field is named", async () => {
      const response = await post(url(), body({ messages: "hello" }));
      expect(response.status).toBe(400);
      expect(errorOf(await response.json()).message).toContain("messages");
    });

    it("a tool call without its result is refused", async () => {
      const request =
        wire === "openai"
          ? body({
              messages: [
                { role: "user", content: "Go" },
                {
                  role: "assistant",
                  content: null,
                  tool_calls: [
                    { id: "call_1", type: "function", function: { name: "f", arguments: "{}" } },
                  ],
                },
                { role: "user", content: "Well?" },
              ],
            })
          : body({
              messages: [
                { role: "user", content: "Go" },
                {
                  role: "assistant",
                  content: [{ type: "tool_use", id: "toolu_1", name: "f", input: {} }],
                },
                { role: "user", content: "Well?" },
              ],
            });
      const response = await post(url(), request);
      expect(response.status).toBe(400);
      expect(errorOf(await response.json()).message).toContain(
        wire === "openai" ? "call_1" : "toolu_1",
      );
    });

    it("a tool result with no call before it is refused", async () => {
      const request =
        wire === "openai"
          ? body({
              messages: [
                { role: "user", content: "Go" },
                { role: "tool", tool_call_id: "call_9", content: "42" },
              ],
            })
          : body({
              messages: [
                {
                  role: "user",
                  content: [{ type: "tool_result", tool_use_id: "toolu_9", content: "42" }],
                },
              ],
            });
      expect((await post(url(), request)).status).toBe(400);
    });

    it("a tool call answered by its result is accepted", async () => {
      const request =
        wire === "openai"
          ? body({
              messages: [
                { role: "user", content: "Go" },
                {
                  role: "assistant",
                  content: null,
                  tool_calls: [
                    { id: "call_1", type: "function", function: { name: "f", arguments: "{}" } },
                  ],
                },
                { role: "tool", tool_call_id: "call_1", content: "42" },
              ],
            })
          : body({
              messages: [
                { role: "user", content: "Go" },
                {
                  role: "assistant",
                  content: [{ type: "tool_use", id: "toolu_1", name: "f", input: {} }],
                },
                {
                  role: "user",
                  content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "42" }],
                },
              ],
            });
      expect((await post(url(), request)).status).toBe(200);
    });
  },
);

describe("Anthropic-only request rules", () => {
  it("max_tokens is required", async () => {
    const { max_tokens: _dropped, ...request } = anthropicBody();
    const response = await post(anthropic(), request);
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain("max_tokens");
  });

  it("a thinking budget must be below max_tokens", async () => {
    const response = await post(
      anthropic(),
      anthropicBody({ max_tokens: 2048, thinking: { type: "enabled", budget_tokens: 2048 } }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain("budget_tokens");
  });

  it("thinking blocks sent back must keep their signature", async () => {
    const messages = [
      { role: "user", content: "Go" },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "hmm" },
          { type: "text", text: "Done" },
        ],
      },
      { role: "user", content: "Again" },
    ];
    expect((await post(anthropic(), anthropicBody({ messages }))).status).toBe(400);
  });

  it("with thinking on, the assistant turn of a tool loop in progress must start with its thinking", async () => {
    const toolUse = { type: "tool_use", id: "toolu_1", name: "f", input: {} };
    const thinking = { type: "thinking", thinking: "hmm", signature: "sig" };
    const loop = (assistant: unknown[]) =>
      anthropicBody({
        max_tokens: 4096,
        thinking: { type: "enabled", budget_tokens: 1024 },
        messages: [
          { role: "user", content: "Go" },
          { role: "assistant", content: assistant },
          {
            role: "user",
            content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "42" }],
          },
        ],
      });
    const stripped = await post(anthropic(), loop([toolUse]));
    expect(stripped.status).toBe(400);
    expect((await stripped.json()).error.message).toContain("thinking");
    expect((await post(anthropic(), loop([thinking, toolUse]))).status).toBe(200);
  });
});
