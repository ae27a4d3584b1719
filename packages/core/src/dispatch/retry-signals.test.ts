import { describe, expect, it } from "vitest";
import type { SeatRequest } from "../admission/admission.js";
import { ExternalServiceError } from "../errors/external-service-error.js";
import {
  CorrectionSignal,
  MAX_CORRECTIONS,
  ThrottleSignal,
  TruncationSignal,
} from "../errors/retry-signals.js";
import { SystemError } from "../errors/system-error.js";
import { unwrap } from "../errors/unwrap.js";
import type { AttemptInfo } from "../jobs/job-context.js";
import { RecordingAdmission } from "../testing/recording-admission.js";
import { ManualTimers } from "../testing/manual-timers.js";
import { EventLog, flush, ScriptedTool } from "../test-support/jobs.js";
import { JobDispatcher } from "./job-dispatcher.js";

const SEAT: SeatRequest = { grade: "SMALL", inputTokens: 100, maxOutputTokens: 1_024 };

function setup() {
  const admission = new RecordingAdmission();
  const time = new ManualTimers();
  const log = new EventLog();
  const dispatcher = new JobDispatcher({ admission, clock: time, timers: time, observers: [log] });
  return { admission, time, log, dispatcher };
}

describe("retry signals", () => {
  it("throttle: releases the seat, backs off for the provider's retry-after, then re-admits", async () => {
    const { admission, time, dispatcher } = setup();
    const tool = new ScriptedTool(
      (_resources, _context, run) => {
        if (run === 1) throw new ThrottleSignal({ service: "openai", retryAfterMs: 7_000 });
        return "served";
      },
      () => [SEAT],
    );
    const handle = dispatcher.submit(tool, null);
    await flush();
    expect(admission.returned.map((seat) => seat.outcome)).toEqual(["throttled"]);
    expect(admission.throttles).toEqual([7_000]);
    expect(admission.requests).toHaveLength(1);
    expect(time.pendingDelays()).toEqual([7_000]);
    time.advance(6_999);
    await flush();
    expect(admission.requests).toHaveLength(1);
    time.advance(1);
    await expect(handle).resolves.toBe("served");
    expect(admission.requests).toHaveLength(2);
    expect(admission.held).toBe(0);
  });

  it("throttle: when the admission takes over the cooldown, the dispatcher re-admits at once", async () => {
    const { admission, time, dispatcher } = setup();
    admission.coolsDown = true;
    const tool = new ScriptedTool(
      (_resources, _context, run) => {
        if (run === 1) throw new ThrottleSignal({ service: "openai", retryAfterMs: 7_000 });
        return "served";
      },
      () => [SEAT],
    );
    await expect(dispatcher.submit(tool, null)).resolves.toBe("served");
    expect(time.pendingDelays()).toEqual([]);
    expect(admission.requests).toHaveLength(2);
  });

  it("throttle without retry-after backs off exponentially from the initial delay", async () => {
    const admission = new RecordingAdmission();
    const time = new ManualTimers();
    const dispatcher = new JobDispatcher({
      admission,
      clock: time,
      timers: time,
      throttle: { initialBackoffMs: 100 },
    });
    const delays: number[] = [];
    const tool = new ScriptedTool(
      (_resources, _context, run) => {
        if (run <= 3) throw new ThrottleSignal({ service: "anthropic" });
        return "served";
      },
      () => [SEAT],
    );
    const handle = dispatcher.submit(tool, null);
    for (let index = 0; index < 3; index++) {
      await flush();
      delays.push(...time.pendingDelays());
      time.advance(time.pendingDelays()[0]!);
    }
    await expect(handle).resolves.toBe("served");
    expect(delays).toEqual([100, 200, 400]);
  });

  it("throttle past the limit fails as the throttling service's error", async () => {
    const admission = new RecordingAdmission();
    const time = new ManualTimers();
    const dispatcher = new JobDispatcher({
      admission,
      clock: time,
      timers: time,
      throttle: { maxThrottles: 2, initialBackoffMs: 10 },
    });
    const tool = new ScriptedTool(
      () => {
        throw new ThrottleSignal({ service: "openai" });
      },
      () => [SEAT],
    );
    const handle = dispatcher.submit(tool, null);
    for (let index = 0; index < 3; index++) {
      await flush();
      time.advance(1_000);
    }
    const error = await handle.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(ExternalServiceError.isInstance(error) && error.service).toBe("openai");
    expect(tool.runs).toBe(3);
    expect(admission.held).toBe(0);
  });

  it("correction: re-runs the same instance, and counts corrections on the attempt", async () => {
    const { dispatcher, log } = setup();
    const attempts: AttemptInfo[] = [];
    const tool = new ScriptedTool((_resources, context, run) => {
      attempts.push(context.attempt);
      if (run <= 2) throw new CorrectionSignal({ reason: "field `verdict` is missing" });
      return "corrected";
    });
    await expect(dispatcher.submit(tool, null)).resolves.toBe("corrected");
    expect(tool.runs).toBe(3);
    expect(attempts.map((attempt) => attempt.corrections)).toEqual([0, 1, 2]);
    expect(log.ofType("job.retrying").map((event) => event.reason)).toEqual([
      "correction",
      "correction",
    ]);
  });

  it(`correction: at most MAX_CORRECTIONS (${MAX_CORRECTIONS}) re-runs, then the job fails`, async () => {
    const { dispatcher } = setup();
    const tool = new ScriptedTool(() => {
      throw new CorrectionSignal({ reason: "unparseable" });
    });
    const error = await dispatcher.submit(tool, null).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(SystemError.isInstance(error) && error.code).toBe("correction_limit");
    expect(tool.runs).toBe(MAX_CORRECTIONS + 1);
  });

  it("correction: the seat of the corrected attempt is settled with its usage, and re-admitted", async () => {
    const { admission, dispatcher } = setup();
    const tool = new ScriptedTool(
      (resources, _context, run) => {
        resources.recordUsage(resources.seats[0]!, { inputTokens: 10 * run, outputTokens: 5 });
        if (run === 1) throw new CorrectionSignal({ reason: "missing field" });
        return "ok";
      },
      () => [SEAT],
    );
    await dispatcher.submit(tool, null);
    expect(admission.returned.map((seat) => [seat.outcome, seat.usage?.inputTokens])).toEqual([
      ["settled", 10],
      ["settled", 20],
    ]);
  });

  it("truncation: exactly one re-run, escalated so the seat books the output ceiling", async () => {
    const { admission, dispatcher } = setup();
    const ceiling = 64_000;
    const tool = new ScriptedTool(
      (_resources, _context, run) => {
        if (run === 1) throw new TruncationSignal();
        return "complete";
      },
      (attempt) => [
        { ...SEAT, maxOutputTokens: attempt.escalated ? ceiling : SEAT.maxOutputTokens },
      ],
    );
    await expect(dispatcher.submit(tool, null)).resolves.toBe("complete");
    expect(admission.requests.map((request) => request.maxOutputTokens)).toEqual([1_024, ceiling]);
  });

  it("truncation: a second cut-off at the ceiling fails the job", async () => {
    const { dispatcher } = setup();
    const tool = new ScriptedTool(() => {
      throw new TruncationSignal();
    });
    const error = await dispatcher.submit(tool, null).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(SystemError.isInstance(error) && error.code).toBe("truncated");
    expect(tool.runs).toBe(2);
  });

  it("a signal rethrown through a job's broad catch with unwrap still reaches the dispatcher", async () => {
    const { dispatcher } = setup();
    const tool = new ScriptedTool((_resources, _context, run) => {
      try {
        if (run === 1)
          throw new Error("SDK wrapper", { cause: new CorrectionSignal({ reason: "bad json" }) });
        return "second chance taken";
      } catch (error) {
        throw unwrap(error);
      }
    });
    await expect(dispatcher.submit(tool, null)).resolves.toBe("second chance taken");
  });
});
