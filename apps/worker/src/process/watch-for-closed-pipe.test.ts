import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { watchForClosedPipe } from "./watch-for-closed-pipe.js";

function streamError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`write ${code}`), { code });
}

describe("watchForClosedPipe", () => {
  it("a reader that closes the pipe is reported instead of crashing the command", () => {
    const stream = new EventEmitter();
    let closed = 0;
    watchForClosedPipe(stream, () => closed++);
    stream.emit("error", streamError("EPIPE"));
    expect(closed).toBe(1);
  });

  it("any other stream error still surfaces", () => {
    const stream = new EventEmitter();
    watchForClosedPipe(stream, () => undefined);
    expect(() => stream.emit("error", streamError("EIO"))).toThrow(/EIO/);
  });
});
