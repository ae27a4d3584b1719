import { describe, expect, it } from "vitest";
import type { SeatRequest } from "../admission/admission.js";
import { InvalidInputError } from "../errors/invalid-input-error.js";
import { RecordingAdmission } from "../testing/recording-admission.js";
import { ManualTimers } from "../testing/manual-timers.js";
import { EventLog, flush, forever, ScriptedDoer, ScriptedTool } from "../test-support/jobs.js";
import { JobDispatcher } from "./job-dispatcher.js";

const SEAT: SeatRequest = { grade: "MEDIUM", inputTokens: 1_200, maxOutputTokens: 4_096 };
const USAGE = { inputTokens: 1_180, outputTokens: 350 };

describe("admission", () => {
  it("asks the job's requirements and holds the seats before execute runs", async () => {
    const admission = new RecordingAdmission();
    let heldDuringExecute = -1;
    const tool = new ScriptedTool(
      (resources) => {
        heldDuringExecute = admission.held;
        resources.recordUsage(resources.seats[0]!, USAGE);
        return "ok";
      },
      () => [SEAT],
    );
    await new JobDispatcher({ admission }).submit(tool, null);
    expect(admission.requests).toEqual([SEAT]);
    expect(heldDuringExecute).toBe(1);
  });

  it("settles a seat with the usage the job recorded", async () => {
    const admission = new RecordingAdmission();
    const log = new EventLog();
    const tool = new ScriptedTool(
      (resources) => resources.recordUsage(resources.seats[0]!, USAGE),
      () => [SEAT],
    );
    await new JobDispatcher({ admission, observers: [log] }).submit(tool, null);
    expect(admission.held).toBe(0);
    expect(admission.returned.map(({ outcome, usage }) => ({ outcome, usage }))).toEqual([
      { outcome: "settled", usage: USAGE },
    ]);
    expect(log.ofType("seat.reserved")[0]).toMatchObject({
      grade: "MEDIUM",
      inputTokens: 1_200,
      maxOutputTokens: 4_096,
    });
    expect(log.ofType("seat.settled")[0]).toMatchObject({ outcome: "settled", usage: USAGE });
  });

  it("releases a seat whole when the job recorded no usage", async () => {
    const admission = new RecordingAdmission();
    await new JobDispatcher({ admission }).submit(
      new ScriptedTool(
        () => "ok",
        () => [SEAT],
      ),
      null,
    );
    expect(admission.returned.map((seat) => seat.outcome)).toEqual(["released"]);
  });

  it("returns every seat when the job fails", async () => {
    const admission = new RecordingAdmission();
    const tool = new ScriptedTool(
      () => {
        throw new InvalidInputError({ parameter: "query", expected: "a non-empty string" });
      },
      () => [SEAT, SEAT],
    );
    await expect(new JobDispatcher({ admission }).submit(tool, null)).rejects.toThrow(
      InvalidInputError,
    );
    expect(admission.held).toBe(0);
    expect(admission.returned).toHaveLength(2);
  });

  it("returns held seats at once when a job that ignores its signal times out", async () => {
    const admission = new RecordingAdmission();
    const time = new ManualTimers();
    const tool = new ScriptedTool(
      () => forever(),
      () => [SEAT],
      1_000,
    );
    const handle = new JobDispatcher({ admission, clock: time, timers: time }).submit(tool, null);
    await flush();
    expect(admission.held).toBe(1);
    time.advance(1_000);
    await expect(handle).rejects.toThrow(/timed out after 1000 ms/);
    expect(admission.held).toBe(0);
  });

  it("a job cancelled while waiting for admission holds nothing, even if a seat is granted later", async () => {
    const admission = new RecordingAdmission();
    admission.hold();
    const tool = new ScriptedTool(
      () => "ran",
      () => [SEAT],
    );
    const handle = new JobDispatcher({ admission }).submit(tool, null);
    await flush();
    handle.cancel("no longer needed");
    await expect(handle).rejects.toThrow(/cancelled: no longer needed/);
    admission.releaseWaiting();
    await flush();
    expect(admission.held).toBe(0);
    expect(tool.runs).toBe(0);
  });

  it("a job that asks for a seat from a dispatcher without admission fails with a clear error", async () => {
    const handle = new JobDispatcher().submit(
      new ScriptedTool(
        () => "ran",
        () => [SEAT],
      ),
      null,
    );
    await expect(handle).rejects.toThrow(
      /needs 1 model seat\(s\), but the dispatcher was created without an admission/,
    );
  });

  it("requirements() that throw or return garbage fail the job and hold nothing", async () => {
    const admission = new RecordingAdmission();
    const dispatcher = new JobDispatcher({ admission });
    const throwing = new ScriptedTool(
      () => "ran",
      () => {
        throw new Error("bug in requirements");
      },
    );
    await expect(dispatcher.submit(throwing, null)).rejects.toThrow(/Unexpected error/);
    const garbage = new ScriptedTool(
      () => "ran",
      () => ({ seats: 1 }) as never,
    );
    await expect(dispatcher.submit(garbage, null)).rejects.toThrow(
      /must return an array of seat requests or null/,
    );
    expect(admission.held).toBe(0);
  });

  it("recording usage for a seat the job does not hold is refused", async () => {
    const admission = new RecordingAdmission();
    const tool = new ScriptedTool(
      (resources) => resources.recordUsage({ id: "forged", request: SEAT }, USAGE),
      () => [SEAT],
    );
    await expect(new JobDispatcher({ admission }).submit(tool, null)).rejects.toThrow(
      /not held by this job/,
    );
    expect(admission.held).toBe(0);
  });

  it("cancelling a doer releases the seats its running children hold", async () => {
    const admission = new RecordingAdmission();
    const child = () =>
      new ScriptedTool(
        () => forever(),
        () => [SEAT],
      );
    const handle = new JobDispatcher({ admission }).submit(
      new ScriptedDoer(async (context) => {
        context.nextStep();
        await Promise.all([
          context.submitInCurrentStep(child(), null),
          context.submitInCurrentStep(child(), null),
        ]);
      }),
      null,
    );
    await flush();
    expect(admission.held).toBe(2);
    handle.cancel();
    await expect(handle).rejects.toThrow(/cancelled/);
    expect(admission.held).toBe(0);
  });
});
