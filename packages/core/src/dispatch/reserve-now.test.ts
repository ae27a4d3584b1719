import { describe, expect, it } from "vitest";
import type {
  Admission,
  ReserveOptions,
  SeatRequest,
  SeatReservation,
} from "../admission/admission.js";
import { SystemError } from "../errors/system-error.js";
import { EventLog, ScriptedTool } from "../test-support/jobs.js";
import { JobDispatcher } from "./job-dispatcher.js";

/** An admission that grants at once what `atOnce` says, and waits on nothing otherwise. */
class GrantsAtOnce implements Admission {
  readonly asked: string[] = [];
  readonly returned: string[] = [];
  readonly #held = new Set<SeatReservation>();
  #next = 1;
  constructor(private readonly atOnce: (request: SeatRequest) => "grant" | "wait" | "refuse") {}
  get held(): number {
    return this.#held.size;
  }
  reserveNow(request: SeatRequest): SeatReservation | undefined {
    this.asked.push(`now:${request.entryId}`);
    const answer = this.atOnce(request);
    if (answer === "refuse")
      throw new SystemError({ code: "seat_too_large", message: "too large" });
    return answer === "grant" ? this.#grant(request) : undefined;
  }
  async reserve(request: SeatRequest, _options: ReserveOptions): Promise<SeatReservation> {
    this.asked.push(`wait:${request.entryId}`);
    return this.#grant(request);
  }
  settle(seat: SeatReservation): void {
    this.#return(seat, "settled");
  }
  release(seat: SeatReservation): void {
    this.#return(seat, "released");
  }
  #grant(request: SeatRequest): SeatReservation {
    const seat = { id: `seat-${this.#next++}`, request, entryId: request.entryId };
    this.#held.add(seat);
    return seat;
  }
  #return(seat: SeatReservation, outcome: string): void {
    if (!this.#held.delete(seat))
      throw new Error(`seat ${seat.id} returned twice or never granted`);
    this.returned.push(`${outcome}:${seat.entryId}`);
  }
}

const twoSeats = () => [
  { entryId: "a", inputTokens: 1, maxOutputTokens: 1 },
  { entryId: "b", inputTokens: 1, maxOutputTokens: 1 },
];

describe("seats an admission grants at once", () => {
  it("are taken without waiting on reserve, reported as reserved with no wait, and returned after the job", async () => {
    const admission = new GrantsAtOnce(() => "grant");
    const log = new EventLog();
    let held = 0;
    const tool = new ScriptedTool((resources) => (held = resources.seats.length), twoSeats);
    await new JobDispatcher({ admission, observers: [log] }).submit(tool, null);
    expect(admission.asked).toEqual(["now:a", "now:b"]);
    expect(held).toBe(2);
    expect(log.ofType("seat.reserved").map((event) => event.waitedMs)).toEqual([0, 0]);
    expect(admission.held).toBe(0);
  });

  it("a seat that would wait goes to reserve, and so does every seat after it, in order", async () => {
    const admission = new GrantsAtOnce((request) => (request.entryId === "a" ? "grant" : "wait"));
    await new JobDispatcher({ admission }).submit(new ScriptedTool(() => "ran", twoSeats), null);
    expect(admission.asked).toEqual(["now:a", "now:b", "wait:b"]);
    expect(admission.returned).toEqual(["released:a", "released:b"]);
  });

  it("a refusal fails the job and gives back the seats already taken", async () => {
    const admission = new GrantsAtOnce((request) => (request.entryId === "a" ? "grant" : "refuse"));
    const tool = new ScriptedTool(() => "ran", twoSeats);
    await expect(new JobDispatcher({ admission }).submit(tool, null)).rejects.toMatchObject({
      code: "seat_too_large",
    });
    expect(tool.runs).toBe(0);
    expect(admission.returned).toEqual(["released:a"]);
    expect(admission.held).toBe(0);
  });
});
