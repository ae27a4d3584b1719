import { describe, expect, it } from "vitest";
import { ExternalServiceError } from "./external-service-error.js";
import { InvalidInputError } from "./invalid-input-error.js";
import { LLMReadableError } from "./llm-readable-error.js";
import {
  CorrectionSignal,
  RetrySignal,
  ThrottleSignal,
  TruncationSignal,
} from "./retry-signals.js";
import { SystemError } from "./system-error.js";
import { unwrap } from "./unwrap.js";
import { wrapWithContext } from "./wrap-with-context.js";

const FETCH = { service: "pubmed", step: "fetch article", parameter: "pmid", value: "999999999" };

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status} from https://eutils.example/efetch?api_key=secret-key`);
  }
}

async function outcomeOf(operation: () => unknown): Promise<unknown> {
  return wrapWithContext(FETCH, operation).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("the three outcomes of a service tool (ErrorsHierarchyContract)", () => {
  it("a correctable client failure (404) becomes InvalidInputError naming the parameter and its value", async () => {
    const error = await outcomeOf(() => Promise.reject(new HttpError(404)));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect((error as InvalidInputError).parameter).toBe("pmid");
    expect((error as Error).message).toContain('"pmid"');
    expect((error as Error).message).toContain("999999999");
    expect((error as InvalidInputError).correctable).toBe(true);
  });

  it("a 400 is correctable too", async () => {
    expect(
      InvalidInputError.isInstance(await outcomeOf(() => Promise.reject(new HttpError(400)))),
    ).toBe(true);
  });

  it("an uncorrectable failure (503) becomes ExternalServiceError naming the service and step", async () => {
    const error = await outcomeOf(() => Promise.reject(new HttpError(503)));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect((error as ExternalServiceError).service).toBe("pubmed");
    expect((error as ExternalServiceError).step).toBe("fetch article");
    expect((error as Error).message).toBe(
      'The pubmed service failed during "fetch article": HTTP 503.',
    );
  });

  it("a raw network error becomes ExternalServiceError, never SystemError('internal')", async () => {
    const error = await outcomeOf(() =>
      Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
    );
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(SystemError.isInstance(error)).toBe(false);
  });

  it("no outcome quotes the service's own message, which may carry a key or URL", async () => {
    for (const status of [404, 503]) {
      const error = (await outcomeOf(() => Promise.reject(new HttpError(status)))) as Error;
      expect(error.message).not.toContain("secret-key");
    }
  });

  it("retry signals pass through wrapWithContext untouched", async () => {
    for (const signal of [
      new ThrottleSignal({ service: "pubmed", retryAfterMs: 1_000 }),
      new CorrectionSignal({ reason: "x" }),
      new TruncationSignal(),
    ]) {
      expect(await outcomeOf(() => Promise.reject(signal))).toBe(signal);
    }
  });

  it("errors that are already ours pass through wrapWithContext untouched", async () => {
    const own = new InvalidInputError({ parameter: "pmid", expected: "digits only" });
    expect(await outcomeOf(() => Promise.reject(own))).toBe(own);
  });

  it("a custom classifier decides which failures are correctable", async () => {
    const error = await wrapWithContext(
      { ...FETCH, classify: () => "correctable", expected: "a PubMed id of digits" },
      () => {
        throw new Error("no such id");
      },
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((error as InvalidInputError).expected).toBe("a PubMed id of digits");
  });

  it("wrapWithContext returns the operation's value on success", async () => {
    await expect(wrapWithContext(FETCH, () => 42)).resolves.toBe(42);
  });
});

describe("unwrap", () => {
  it("lets retry signals and our errors through, also from a wrapper's cause chain", () => {
    const signal = new ThrottleSignal({ service: "openai" });
    expect(unwrap(signal)).toBe(signal);
    expect(unwrap(new Error("outer", { cause: new Error("middle", { cause: signal }) }))).toBe(
      signal,
    );
    const own = new ExternalServiceError({ service: "epo", step: "claims" });
    expect(unwrap(own)).toBe(own);
  });

  it("turns anything else into SystemError('internal') naming only the error's type", () => {
    const unknown = unwrap(new RangeError("token=abc123"));
    expect(SystemError.isInstance(unknown) && unknown.code).toBe("internal");
    expect(unknown.message).toBe("Unexpected RangeError.");
    expect(unwrap("a string").message).toBe("Unexpected non-error value of type string.");
  });

  it("survives cyclic cause chains", () => {
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    Object.assign(a, { cause: b });
    expect(SystemError.isInstance(unwrap(a))).toBe(true);
  });
});

describe("guards survive duplicated package copies", () => {
  it("isInstance recognises an error branded by another copy of the package", () => {
    // Another copy's class is a different constructor but uses the same registered symbols.
    const foreign = Object.create(Error.prototype) as Record<symbol, boolean>;
    Object.defineProperty(foreign, Symbol.for("nucleo.error.llm-readable"), { value: true });
    Object.defineProperty(foreign, Symbol.for("nucleo.error.invalid-input"), { value: true });
    expect(foreign instanceof InvalidInputError).toBe(false);
    expect(InvalidInputError.isInstance(foreign)).toBe(true);
    expect(LLMReadableError.isInstance(foreign)).toBe(true);
    expect(RetrySignal.isInstance(foreign)).toBe(false);
  });

  it("each retry signal has a guard of its own", () => {
    const throttle = new ThrottleSignal({ service: "openai" });
    expect(ThrottleSignal.isInstance(throttle) && RetrySignal.isInstance(throttle)).toBe(true);
    expect(ThrottleSignal.isInstance(new CorrectionSignal({ reason: "x" }))).toBe(false);
    expect(CorrectionSignal.isInstance(new TruncationSignal())).toBe(false);
    expect(TruncationSignal.isInstance(new TruncationSignal())).toBe(true);
  });

  it("outcome classes carry their codes and correctability", () => {
    expect(new InvalidInputError({ parameter: "p", expected: "e" })).toMatchObject({
      code: "invalid_input",
      correctable: true,
    });
    expect(new ExternalServiceError({ service: "s", step: "t" })).toMatchObject({
      code: "external_service",
      correctable: false,
    });
    expect(new SystemError({ message: "m" })).toMatchObject({
      code: "internal",
      correctable: false,
    });
  });
});
