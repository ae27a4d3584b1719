import { ExternalServiceError, InvalidInputError, ThrottleSignal } from "@nucleo/core";
import { APIError } from "openai";
import { describe, expect, it } from "vitest";
import { reportedFailure } from "./response-failure.js";
import { toNucleoError } from "./to-nucleo-error.js";

const where = { service: "openai", step: "stream" };

describe("reportedFailure", () => {
  it("rate_limit_exceeded is a ThrottleSignal leaving the wait to the dispatcher", () => {
    const signal = reportedFailure("rate_limit_exceeded", where, "the response failed");
    expect(ThrottleSignal.isInstance(signal) && signal).toMatchObject({
      service: "openai",
      retryAfterMs: undefined,
    });
  });

  it("an input code is a correctable InvalidInputError on the request, naming the code", () => {
    const error = reportedFailure("invalid_base64_image", where, "the response failed");
    expect(InvalidInputError.isInstance(error) && error).toMatchObject({
      parameter: "request",
      correctable: true,
    });
    expect(error.message).toContain("invalid_base64_image");
  });

  it("any other code, or none, is an ExternalServiceError naming the service, step and code", () => {
    const error = reportedFailure("server_error", where, "the response failed");
    expect(ExternalServiceError.isInstance(error) && error).toMatchObject(where);
    expect(error.message).toBe(
      'The openai service failed during "stream": the response failed (code server_error).',
    );
    expect(reportedFailure(undefined, where, "the response failed").message).toBe(
      'The openai service failed during "stream": the response failed.',
    );
  });

  it("never repeats a code that is not a short identifier", () => {
    const error = reportedFailure("sk-proj-abc123", where, "the response failed");
    expect(error.message).not.toContain("sk-proj");
    expect(String(error.cause)).not.toContain("sk-proj");
  });
});

describe("toNucleoError on an error event mid-stream", () => {
  it("a rate-limit code is a ThrottleSignal, as a 429 would be", () => {
    const thrown = new APIError(
      undefined,
      { code: "rate_limit_exceeded", message: "slow down" },
      undefined,
      undefined,
    );
    expect(
      ThrottleSignal.isInstance(toNucleoError(thrown, where, new AbortController().signal)),
    ).toBe(true);
  });
});
