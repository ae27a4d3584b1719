import { SystemError } from "@nucleo/core";
import { RecordingLogger } from "@nucleo/core/testing";
import { describe, expect, it } from "vitest";
import { EncodingCounter } from "./encoding-counter.js";
import { requireWithout } from "../test-support/require-without.js";
import { GPT_TOKENIZER_MISSING_WARNING, GptTokenizerLoader } from "./gpt-tokenizer-loader.js";

describe("GptTokenizerLoader", () => {
  it("reports gpt-tokenizer installed here, where it is a dev dependency, and loads an encoding", () => {
    const loader = new GptTokenizerLoader();
    expect(loader.installed()).toBe(true);
    expect(loader.load("o200k_base").countTokens("hello world")).toBe(2);
  });

  it("reports gpt-tokenizer absent when its module cannot be found", () => {
    expect(new GptTokenizerLoader({ require: requireWithout("gpt-tokenizer") }).installed()).toBe(
      false,
    );
  });

  it("a broken gpt-tokenizer (a module of its own missing) fails loudly rather than falling back", () => {
    const loader = new GptTokenizerLoader({
      require: requireWithout("@some/dependency-of-gpt-tokenizer"),
    });
    expect(() => loader.installed()).toThrow(/@some\/dependency-of-gpt-tokenizer/);
  });

  it("says it is missing once per loader, naming the package and the command that adds it", () => {
    const logger = new RecordingLogger();
    const loader = new GptTokenizerLoader({ require: requireWithout("gpt-tokenizer") });
    loader.warnMissing(logger);
    loader.warnMissing(logger);
    expect(logger.entries).toEqual([
      {
        level: "warn",
        fields: { package: "gpt-tokenizer" },
        message: GPT_TOKENIZER_MISSING_WARNING,
      },
    ]);
    expect(GPT_TOKENIZER_MISSING_WARNING).toContain("pnpm add gpt-tokenizer");
  });

  it("an exact counter without gpt-tokenizer fails naming the package to add", () => {
    const counter = new EncodingCounter(
      "cl100k_base",
      new GptTokenizerLoader({ require: requireWithout("gpt-tokenizer") }),
    );
    expect(counter.count("")).toBe(0);
    let thrown: unknown;
    try {
      counter.count("hello");
    } catch (error) {
      thrown = error;
    }
    expect(SystemError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({
      code: "tokenizer_missing",
      message: expect.stringContaining("pnpm add gpt-tokenizer"),
    });
  });
});
