import { RecordingLogger } from "@nucleo/core/testing";
import { describe, expect, it } from "vitest";
import { CalibratedEstimate } from "./calibrated-estimate.js";
import { EncodingCounter } from "./encoding-counter.js";
import { GptTokenizerLoader } from "./gpt-tokenizer-loader.js";
import { requireWithout } from "../test-support/require-without.js";
import { TokenCounters } from "./token-counters.js";

describe("TokenCounters", () => {
  it("counts an OpenAI entry without a tokenizer exactly, with o200k_base", () => {
    const counter = new TokenCounters().counterFor({ id: "openai-gpt-5-mini", provider: "openai" });
    expect(counter).toBeInstanceOf(EncodingCounter);
    expect({ kind: counter.kind, name: counter.name }).toEqual({
      kind: "exact",
      name: "o200k_base",
    });
  });

  it("lets an entry's explicit tokenizer win over its provider's default", () => {
    const tokens = new TokenCounters();
    expect(
      tokens.counterFor({ id: "openai-gpt-4", provider: "openai", tokenizer: "cl100k_base" }).name,
    ).toBe("cl100k_base");
    expect(
      tokens.counterFor({
        id: "vllm-gpt-oss",
        provider: "openai-compatible",
        tokenizer: "o200k_base",
      }).kind,
    ).toBe("exact");
  });

  it("gives entries without a public tokenizer a calibrated estimate of their own", () => {
    const tokens = new TokenCounters();
    const sonnet = tokens.counterFor({ id: "anthropic-sonnet", provider: "anthropic" });
    const llama = tokens.counterFor({ id: "ollama-llama", provider: "openai-compatible" });
    expect(sonnet).toBeInstanceOf(CalibratedEstimate);
    expect(llama).toBeInstanceOf(CalibratedEstimate);
    expect(sonnet).not.toBe(llama);
    expect([sonnet.name, llama.name]).toEqual([
      "estimate:anthropic-sonnet",
      "estimate:ollama-llama",
    ]);
  });

  it("keeps an entry's estimate, and what it learned, across calls", () => {
    const tokens = new TokenCounters();
    const sonnet = { id: "anthropic-sonnet", provider: "anthropic" } as const;
    expect(tokens.counterFor(sonnet)).toBe(tokens.counterFor({ ...sonnet }));

    tokens.observe(sonnet, 100, 120);
    expect(tokens.calibrations().get("anthropic-sonnet")).toEqual({
      factor: 1.2,
      samples: 1,
      meanAbsolutePercentError: (20 / 120) * 100,
    });
    expect(tokens.counterFor(sonnet).count("a".repeat(400))).toBe(120);
  });

  it("ignores observations of exact entries", () => {
    const tokens = new TokenCounters();
    const mini = { id: "openai-gpt-5-mini", provider: "openai" } as const;
    tokens.observe(mini, 100, 120);
    expect(tokens.counterFor(mini).count("hello world")).toBe(2);
    expect(tokens.calibrations().size).toBe(0);
  });

  it("shares one request counter, and its cache, among entries with the same encoding", () => {
    const tokens = new TokenCounters();
    const mini = tokens.requestCounterFor({ id: "openai-gpt-5-mini", provider: "openai" });
    const nano = tokens.requestCounterFor({ id: "openai-gpt-5-nano", provider: "openai" });
    const sonnet = tokens.requestCounterFor({ id: "anthropic-sonnet", provider: "anthropic" });
    expect(mini).toBe(nano);
    expect(sonnet).not.toBe(mini);
  });

  it("prices a request for an entry with that entry's counter", () => {
    const tokens = new TokenCounters({ charsPerToken: 2 });
    const request = { messages: [{ role: "user", text: "a".repeat(396) }] }; // (396 + 4) / 2 + 6 framing
    expect(tokens.countRequest({ id: "anthropic-sonnet", provider: "anthropic" }, request)).toBe(
      206,
    );
  });

  it("without gpt-tokenizer, an entry that would be counted exactly gets a calibrated estimate of its own, which learns", () => {
    const tokens = new TokenCounters({
      tokenizer: new GptTokenizerLoader({ require: requireWithout("gpt-tokenizer") }),
      logger: new RecordingLogger(),
    });
    const mini = { id: "openai-gpt-5-mini", provider: "openai" } as const;
    const counter = tokens.counterFor(mini);
    expect(counter).toBeInstanceOf(CalibratedEstimate);
    expect({ kind: counter.kind, name: counter.name }).toEqual({
      kind: "estimate",
      name: "estimate:openai-gpt-5-mini",
    });
    expect(counter.count("a".repeat(400))).toBe(100);
    tokens.observe(mini, 100, 120);
    expect(tokens.calibrations().get("openai-gpt-5-mini")?.factor).toBe(1.2);
  });

  it("without gpt-tokenizer, the warning naming the package is said once, however many entries fall back", () => {
    const logger = new RecordingLogger();
    const tokenizer = new GptTokenizerLoader({ require: requireWithout("gpt-tokenizer") });
    const tokens = new TokenCounters({ tokenizer, logger });
    tokens.countRequest(
      { id: "openai-gpt-5-mini", provider: "openai" },
      { messages: [{ role: "user", text: "hi" }] },
    );
    tokens.counterFor({ id: "openai-gpt-4", provider: "openai", tokenizer: "cl100k_base" });
    new TokenCounters({ tokenizer, logger }).counterFor({ id: "openai-gpt-5", provider: "openai" });
    expect(logger.entries.map((entry) => [entry.level, entry.fields.package])).toEqual([
      ["warn", "gpt-tokenizer"],
    ]);
    expect(logger.entries[0]?.message).toContain("pnpm add gpt-tokenizer");
  });

  it("an entry with no public tokenizer is estimated without warning, whether or not gpt-tokenizer is installed", () => {
    const logger = new RecordingLogger();
    const tokens = new TokenCounters({
      tokenizer: new GptTokenizerLoader({ require: requireWithout("gpt-tokenizer") }),
      logger,
    });
    tokens.counterFor({ id: "anthropic-sonnet", provider: "anthropic" });
    expect(logger.entries).toEqual([]);
  });
});
