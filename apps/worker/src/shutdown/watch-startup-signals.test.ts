import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import {
  ABANDONED_START_STATUS,
  watchStartupSignals,
  type StartupStep,
} from "./watch-startup-signals.js";

const creatingPglite: StartupStep = {
  doing: "creating the recorder's PGlite folder /srv/nucleo/.nucleo/pglite",
  interruptible: false,
  leavesBehind:
    "its lock is released as the process ends, but the folder may be left half-made: delete it if the next start cannot open it",
};
const openingServer: StartupStep = {
  doing: "opening the recorder's database, PostgreSQL at postgres://app:***@db/nucleo",
  interruptible: true,
};

/** A watcher on an emitter, its lines and its exits kept (the process is not ended). */
function watched() {
  const signals = new EventEmitter();
  const lines: string[] = [];
  const exits: number[] = [];
  const starting = watchStartupSignals((line) => lines.push(line), {
    signals,
    exit: (code) => exits.push(code),
  });
  return { signals, lines, exits, starting };
}

/** A step that runs until the returned function ends it. */
function pending(): { readonly work: () => Promise<void>; readonly finish: () => void } {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

describe("watchStartupSignals", () => {
  it("a third signal while starting ends the process at once with a non-zero status, saying what it abandoned and what that leaves behind", async () => {
    const { signals, lines, exits, starting } = watched();
    const step = pending();
    const opening = starting.during(creatingPglite, step.work);
    signals.emit("SIGTERM", "SIGTERM");
    signals.emit("SIGINT", "SIGINT");
    expect(exits).toEqual([]); // the first two wait for the step
    signals.emit("SIGINT", "SIGINT");
    expect(exits).toEqual([ABANDONED_START_STATUS]);
    expect(ABANDONED_START_STATUS).not.toBe(0);
    expect(lines).toEqual([
      "Received SIGTERM while starting: stopping after the step under way, then closing what the start opened; no workflow will run.",
      "Received SIGINT again while starting: still stopping; the step under way ends first, so nothing it opens is left half-made. A third signal ends the process at once.",
      "Received SIGINT a third time while starting: ending the process at once with status 1, abandoning creating the recorder's PGlite folder /srv/nucleo/.nucleo/pglite: " +
        "its lock is released as the process ends, but the folder may be left half-made: delete it if the next start cannot open it.",
    ]);
    step.finish();
    await opening;
    starting.stop();
  });

  it("a third signal between steps abandons the start", () => {
    const { signals, lines, exits, starting } = watched();
    for (const signal of ["SIGTERM", "SIGTERM", "SIGTERM"] as const) signals.emit(signal, signal);
    expect(exits).toEqual([ABANDONED_START_STATUS]);
    expect(lines.at(-1)).toBe(
      "Received SIGTERM a third time while starting: ending the process at once with status 1, abandoning the start.",
    );
    starting.stop();
  });

  it("the first signal while a PostgreSQL server is being opened ends the process at once with status 0: nothing is left half-made, so there is nothing to wait for", async () => {
    const { signals, lines, exits, starting } = watched();
    const step = pending();
    const opening = starting.during(openingServer, step.work);
    signals.emit("SIGTERM", "SIGTERM");
    expect(exits).toEqual([0]);
    expect(lines).toEqual([
      "Received SIGTERM while opening the recorder's database, PostgreSQL at postgres://app:***@db/nucleo: stopping at once, since cutting it short leaves nothing half-made (the server rolls back what was not committed); no workflow ran.",
    ]);
    // Had the exit not ended the process, the start would still stop when the step ends.
    expect(starting.signal.aborted).toBe(true);
    step.finish();
    await opening;
    starting.stop();
  });

  it("a signal after the server's open is done is no longer taken for one during it: the start stops after its step, as before", async () => {
    const { signals, lines, exits, starting } = watched();
    await starting.during(openingServer, async () => {});
    signals.emit("SIGTERM", "SIGTERM");
    expect(exits).toEqual([]);
    expect(lines).toEqual([
      "Received SIGTERM while starting: stopping after the step under way, then closing what the start opened; no workflow will run.",
    ]);
    expect(starting.signal.aborted).toBe(true);
    starting.stop();
  });

  it("a step that fails still ends: a later signal is not taken for one during it", async () => {
    const { signals, exits, starting } = watched();
    await expect(
      starting.during(openingServer, () => Promise.reject(new Error("refused"))),
    ).rejects.toThrow("refused");
    signals.emit("SIGINT", "SIGINT");
    expect(exits).toEqual([]);
    starting.stop();
  });

  it("stop() hands the signals back: none is heard afterwards", () => {
    const { signals, lines, exits, starting } = watched();
    starting.stop();
    starting.stop();
    expect(signals.listenerCount("SIGTERM") + signals.listenerCount("SIGINT")).toBe(0);
    expect(lines).toEqual([]);
    expect(exits).toEqual([]);
  });
});
