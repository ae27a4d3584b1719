import { ExternalServiceError, InvalidInputError, ThrottleSignal } from "@nucleo/core";
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { describe, expect, it } from "vitest";
import { toNucleoError } from "./to-nucleo-error.js";

const where = { service: "openai", step: "chat completion" };
const live = new AbortController().signal;

function httpError(
  status: number,
  error: Record<string, unknown> = { message: "boom" },
  headers: Record<string, string> = {},
) {
  return APIError.generate(
    status,
    { error },
    undefined,
    new Headers({ "x-request-id": "req_123", ...headers }),
  );
}

describe("toNucleoError", () => {
  it("429 is a ThrottleSignal carrying the server's retry-after", () => {
    const signal = toNucleoError(
      httpError(429, { message: "slow down", code: "rate_limit_exceeded" }, { "retry-after": "3" }),
      where,
      live,
    );
    expect(ThrottleSignal.isInstance(signal) && signal).toMatchObject({
      kind: "throttle",
      service: "openai",
      retryAfterMs: 3_000,
    });
  });

  it("429 for an exhausted quota is an ExternalServiceError: waiting will not help", () => {
    const error = toNucleoError(
      httpError(429, { message: "You exceeded your current quota", code: "insufficient_quota" }),
      where,
      live,
    );
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain("quota is exhausted");
  });

  it("503 (OpenAI's slow down) is a ThrottleSignal", () => {
    expect(ThrottleSignal.isInstance(toNucleoError(httpError(503), where, live))).toBe(true);
  });

  it("400 is a correctable InvalidInputError naming the API's param and code", () => {
    const error = toNucleoError(
      httpError(400, { message: "bad", param: "messages", code: "context_length_exceeded" }),
      where,
      live,
    );
    expect(InvalidInputError.isInstance(error) && error).toMatchObject({
      parameter: "messages",
      correctable: true,
    });
    expect((error as Error).message).toContain("context_length_exceeded");
  });

  it("400 without a param names the request; 422 too", () => {
    expect(toNucleoError(httpError(400), where, live)).toMatchObject({ parameter: "request" });
    expect(toNucleoError(httpError(422), where, live)).toMatchObject({ parameter: "request" });
  });

  it("404 is an InvalidInputError on the model", () => {
    expect(
      toNucleoError(
        httpError(404, { message: "The model `gpt-nope` does not exist", code: "model_not_found" }),
        where,
        live,
      ),
    ).toMatchObject({ parameter: "model" });
  });

  it.each([401, 403])(
    "%i is an ExternalServiceError saying authentication failed, never the provider's words",
    (status) => {
      const error = toNucleoError(
        httpError(status, { message: "Incorrect API key provided: sk-abc***xyz" }),
        where,
        live,
      ) as Error;
      expect(ExternalServiceError.isInstance(error)).toBe(true);
      expect(error.message).toBe(
        `The openai service failed during "chat completion": authentication failed (HTTP ${status}).`,
      );
      expect(String(error.cause)).not.toContain("sk-abc");
    },
  );

  it.each([
    ["a 500", httpError(500), "HTTP 500"],
    ["another 4xx", httpError(409), "HTTP 409"],
    [
      "a connection failure",
      new APIConnectionError({ message: "Connection error." }),
      "the connection failed",
    ],
    ["a time-out", new APIConnectionTimeoutError(), "the request timed out"],
    [
      "an error event mid-stream",
      new APIError(undefined, { message: "overloaded" }, undefined, undefined),
      "the server reported an error mid-stream",
    ],
    [
      "a body the SDK could not parse",
      new SyntaxError("Unexpected token < in JSON"),
      "the response could not be read",
    ],
  ])("%s is an ExternalServiceError naming the service and step", (_name, thrown, detail) => {
    const error = toNucleoError(thrown, where, live);
    expect(ExternalServiceError.isInstance(error) && error).toMatchObject({
      service: "openai",
      step: "chat completion",
    });
    expect((error as Error).message).toContain(detail);
  });

  it("an abort of our signal rethrows the signal's reason, whatever the SDK threw", () => {
    const controller = new AbortController();
    const reason = new Error("cancelled by the dispatcher");
    controller.abort(reason);
    expect(toNucleoError(new APIUserAbortError(), where, controller.signal)).toBe(reason);
  });

  it("keeps the request id and the error code on the cause, not the provider's message", () => {
    const error = toNucleoError(
      httpError(500, { message: "secret-ish words", code: "server_error" }),
      where,
      live,
    ) as Error;
    expect(String(error.cause)).toBe(
      "Error: InternalServerError: HTTP 500, code server_error, request req_123",
    );
  });

  it("passes Nucleo's own errors through", () => {
    const own = new ExternalServiceError({ service: "openai", step: "stream", detail: "x" });
    expect(toNucleoError(own, where, live)).toBe(own);
  });
});
