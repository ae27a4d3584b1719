import { describe, expect, it } from "vitest";
import { ManualTimers } from "./manual-timers.js";
import { runFor } from "./virtual-time.js";

describe("runFor", () => {
  it("fires each timer at its own instant, after the promise work of the timers before it", async () => {
    const time = new ManualTimers(0);
    const fired: string[] = [];
    time.setTimeout(() => {
      fired.push(`first at ${time.now()}`);
      // Work that schedules the next timer only after a promise settles.
      void Promise.resolve().then(() =>
        time.setTimeout(() => fired.push(`second at ${time.now()}`), 5),
      );
    }, 10);
    time.setTimeout(() => fired.push(`late at ${time.now()}`), 30);
    await runFor(time, 20);
    expect(fired).toEqual(["first at 10", "second at 15"]);
    expect(time.now()).toBe(20);
    await runFor(time, 10);
    expect(fired).toEqual(["first at 10", "second at 15", "late at 30"]);
  });
});
