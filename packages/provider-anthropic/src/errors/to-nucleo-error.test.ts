import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from "@anthropic-ai/sdk";
import { ExternalServiceError, InvalidInputError, ThrottleSignal } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { toNucleoError } from "./to-nucleo-error.js";

const CANARY = "sk-ant-canary-DO-NOT-LEAK-123";
const live = new AbortController().signal;

function apiError(status: number, type: string, headers: Record<string, string> = {}): APIError {
  const body = {
    type: "error",
    error: { type, message: `provider says ${CANARY}`, details: { error_code: CANARY } },
  };
  return APIError.generate(
    status,
    body,
    undefined,
    new Headers({ "request-id": CANARY, ...headers }),
  );
}

function expectNoCanary(error: unknown): void {
  const seen = [
    String(error),
    JSON.stringify(error),
    (error as Error).message,
    String((error as Error).cause),
  ];
  for (const text of seen) expect(text).not.toContain(CANARY);
}

describe("toNucleoError", () => {
  it.each([
    [429, "rate_limit_error"],
    [529, "overloaded_error"],
  ])("turns %i %s into a ThrottleSignal carrying retry-after", (status, type) => {
    const result = toNucleoError(apiError(status, type, { "retry-after": "3" }), "messages", live);
    expect(result).toBeInstanceOf(ThrottleSignal);
    expect(result).toMatchObject({ service: "anthropic", retryAfterMs: 3_000 });
    expectNoCanary(result);
  });

  it("turns an overloaded error event mid-stream into a ThrottleSignal", () => {
    const event = new APIError(
      undefined,
      { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
      undefined,
      new Headers(),
      "overloaded_error",
    );
    expect(toNucleoError(event, "stream", live)).toBeInstanceOf(ThrottleSignal);
  });

  it.each([
    [400, "invalid_request_error", "request"],
    [422, "invalid_request_error", "request"],
    [404, "not_found_error", "model"],
  ])("turns %i into a correctable InvalidInputError naming %s", (status, type, parameter) => {
    const result = toNucleoError(apiError(status, type), "messages", live);
    expect(InvalidInputError.isInstance(result)).toBe(true);
    expect(result).toMatchObject({ parameter });
    expectNoCanary(result);
  });

  it.each([401, 403])(
    "turns %i into an ExternalServiceError saying authentication failed, without the provider's words",
    (status) => {
      const result = toNucleoError(
        apiError(status, status === 401 ? "authentication_error" : "permission_error"),
        "messages",
        live,
      );
      expect(ExternalServiceError.isInstance(result)).toBe(true);
      expect((result as Error).message).toContain("authentication failed");
      expect((result as Error).message).not.toContain("provider says");
      expectNoCanary(result);
    },
  );

  it.each([
    [402, "billing_error", "HTTP 402 billing_error"],
    [500, "api_error", "HTTP 500 api_error"],
    [503, `made-up-${CANARY}`, "HTTP 503"],
  ])(
    "turns %i into an ExternalServiceError naming provider, step and status",
    (status, type, detail) => {
      const result = toNucleoError(apiError(status, type), "stream", live);
      expect(result).toMatchObject({ service: "anthropic", step: "stream" });
      expect((result as Error).message).toContain(detail);
      expectNoCanary(result);
    },
  );

  it("turns connection failures and timeouts into ExternalServiceErrors", () => {
    const refused = new APIConnectionError({
      cause: Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }),
    });
    const refusedError = toNucleoError(refused, "messages", live);
    expect(refusedError).toMatchObject({ service: "anthropic", step: "messages" });
    expect(String((refusedError as Error).cause)).toContain("ECONNREFUSED");
    expect(
      (toNucleoError(new APIConnectionTimeoutError(), "messages", live) as Error).message,
    ).toContain("timed out");
    expect(
      ExternalServiceError.isInstance(toNucleoError(new TypeError("terminated"), "stream", live)),
    ).toBe(true);
  });

  it("turns a body that is not JSON into an ExternalServiceError without quoting it", () => {
    const result = toNucleoError(
      new SyntaxError(`Unexpected token in "${CANARY}"`),
      "messages",
      live,
    );
    expect((result as Error).message).toContain("not the Messages wire format");
    expectNoCanary(result);
  });

  it("returns our own abort's reason, untouched", () => {
    const controller = new AbortController();
    const reason = new Error("caller gave up");
    controller.abort(reason);
    expect(toNucleoError(new APIUserAbortError(), "messages", controller.signal)).toBe(reason);
  });

  it("passes Nucleo's own errors and signals through", () => {
    const signal = new ThrottleSignal({ service: "anthropic" });
    expect(toNucleoError(signal, "stream", live)).toBe(signal);
  });
});
