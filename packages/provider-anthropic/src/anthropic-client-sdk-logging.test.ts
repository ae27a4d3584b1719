// The SDK's own logger prints a malformed stream event raw (its data and the whole chunk) and,
// at ANTHROPIC_LOG=debug, every request and response. Provider text must leave this client only
// through its sanitised errors, so nothing may reach the console or the process's output.
import { Console } from "node:console";
import { Writable } from "node:stream";
import { inspect } from "node:util";
import { ExternalServiceError } from "@nucleo/core";
import { drainStream as drain, MockProviderServer } from "@nucleo/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "./anthropic-client.js";
import { anthropicEntry, bindingFor, textRequest } from "./test-support/bindings.js";
import { sseBody } from "./test-support/sse-body.js";

const CANARY = "sk-ant-canary-PRINTED-BY-SDK-456";
const binding = bindingFor(anthropicEntry({ nativeThinking: false }), "STANDARD");
const request = textRequest("Hello?");
const live = () => new AbortController().signal;

let server: MockProviderServer;
beforeEach(async () => {
  server = await MockProviderServer.start();
});
afterEach(async () => {
  await server.stop();
});

/**
 * Runs `action` with a capturing console installed and `process.stdout` / `process.stderr`
 * writes captured; returns everything printed meanwhile. The SDK takes `console` as its logger
 * when a client is constructed, so `action` must construct its client itself.
 */
async function printedDuring(action: () => Promise<void>): Promise<string[]> {
  const printed: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      printed.push(String(chunk));
      done();
    },
  });
  const capture = ((chunk: unknown) =>
    printed.push(String(chunk)) > 0) as typeof process.stdout.write;
  const saved = {
    console: globalThis.console,
    stdout: process.stdout.write,
    stderr: process.stderr.write,
  };
  globalThis.console = new Console({ stdout: sink, stderr: sink });
  process.stdout.write = capture;
  process.stderr.write = capture;
  try {
    await action();
  } finally {
    globalThis.console = saved.console;
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
  }
  return printed;
}

describe("the SDK's own logging is off", () => {
  it("a malformed stream event is printed nowhere; the caller gets the sanitised not-the-wire-format error", async () => {
    const opening = sseBody([
      {
        type: "message_start",
        message: {
          id: "msg_1",
          type: "message",
          role: "assistant",
          model: "claude-test-sonnet",
          content: [],
          stop_reason: null,
          usage: { input_tokens: 9, output_tokens: 1 },
        },
      },
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    ]);
    // Cut mid-JSON: the SDK's parser throws on it, and without logging off prints it to the console first.
    const malformed = `event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"${CANARY}\n\n`;
    server.script({ kind: "garbage", body: opening + malformed });
    let failure: unknown;
    const printed = await printedDuring(async () => {
      const client = new AnthropicClient({
        apiKey: "sk-ant-test",
        baseURL: server.anthropicBaseUrl,
      });
      failure = await drain(client.stream(request, binding, live())).then(
        () => undefined,
        (error: unknown) => error,
      );
    });

    expect(printed).toEqual([]);
    expect(ExternalServiceError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      service: "anthropic",
      step: "stream",
      message: expect.stringContaining("not the Messages wire format (not JSON)"),
    });
    for (const view of [
      (failure as Error).message,
      String(failure),
      JSON.stringify(failure),
      inspect(failure, { depth: 10 }),
    ])
      expect(view).not.toContain(CANARY);
  });

  it("ANTHROPIC_LOG=debug does not turn the SDK's logging back on", async () => {
    const saved = process.env.ANTHROPIC_LOG;
    process.env.ANTHROPIC_LOG = "debug";
    try {
      server.script({ kind: "answer", text: CANARY }, { kind: "answer", text: CANARY });
      const printed = await printedDuring(async () => {
        const client = new AnthropicClient({
          apiKey: "sk-ant-test",
          baseURL: server.anthropicBaseUrl,
        });
        expect((await client.send(textRequest(CANARY), binding, live())).content).toBe(CANARY);
        expect(
          (await drain(client.stream(textRequest(CANARY), binding, live()))).response.content,
        ).toBe(CANARY);
      });
      expect(printed).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.ANTHROPIC_LOG;
      else process.env.ANTHROPIC_LOG = saved;
    }
  });
});
