import { describe, expect, it } from "vitest";
import type { Admission, SeatRequest, SeatReservation } from "../admission/admission.js";
import { CorrectionSignal } from "../errors/retry-signals.js";
import type { JobHandle } from "../jobs/job-handle.js";
import { EventLog, flush, ScriptedDoer, ScriptedTool } from "../test-support/jobs.js";
import { JobDispatcher } from "./job-dispatcher.js";

/** Grants every seat at once, and records how each came back. */
class AtOnce implements Admission {
  readonly returned: string[] = [];
  #next = 1;
  reserveNow(request: SeatRequest): SeatReservation {
    return { id: `seat-${this.#next++}`, request, entryId: request.entryId };
  }
  async reserve(request: SeatRequest): Promise<SeatReservation> {
    return this.reserveNow(request);
  }
  settle(seat: SeatReservation): void {
    this.returned.push(`settled:${seat.id}`);
  }
  release(seat: SeatReservation): void {
    this.returned.push(`released:${seat.id}`);
  }
}

describe("a job cancelled while it is being set up never runs", () => {
  it("cancelled by an observer on its seat.reserved (a seat granted at once), the job does not run and its seat goes back once", async () => {
    const admission = new AtOnce();
    const log = new EventLog();
    let workflow: JobHandle<unknown> | undefined;
    const canceller = {
      onEvent(event: Parameters<EventLog["onEvent"]>[0]) {
        log.onEvent(event);
        if (event.type === "seat.reserved") workflow!.cancel("cost cap reached");
      },
    };
    const tool = new ScriptedTool(
      () => "ran",
      () => [{ entryId: "a", inputTokens: 1, maxOutputTokens: 1 }],
    );
    workflow = new JobDispatcher({ admission, observers: [canceller] }).submit(
      new ScriptedDoer(async (context) => {
        await Promise.resolve();
        return context.submit(tool, null);
      }),
      null,
    );
    await workflow.catch(() => undefined);
    await flush();
    expect(tool.runs).toBe(0);
    expect(admission.returned).toEqual(["released:seat-1"]);
    const child = log.events
      .filter((event) => event.jobId !== workflow!.id)
      .map((event) => event.type);
    expect(child.indexOf("job.started")).toBe(-1);
  });

  it("cancelled by an observer on its job.retrying (a correction, re-run at once), the job does not run again", async () => {
    const log = new EventLog();
    let handle: JobHandle<unknown> | undefined;
    const canceller = {
      onEvent(event: Parameters<EventLog["onEvent"]>[0]) {
        log.onEvent(event);
        if (event.type === "job.retrying") handle!.cancel("no retries allowed");
      },
    };
    const tool = new ScriptedTool(async (_resources, _context, run) => {
      await Promise.resolve();
      if (run === 1) throw new CorrectionSignal({ reason: "fix it" });
      return "second run";
    });
    handle = new JobDispatcher({ observers: [canceller] }).submit(tool, null);
    await expect(handle).rejects.toMatchObject({ code: "cancelled" });
    await flush();
    expect(tool.runs).toBe(1);
    const types = log.events.map((event) => event.type);
    expect(types.lastIndexOf("job.started")).toBeLessThan(types.indexOf("job.failed"));
  });
});
