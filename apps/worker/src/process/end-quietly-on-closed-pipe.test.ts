import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { endQuietlyOnClosedPipe } from "./end-quietly-on-closed-pipe.js";

function streamError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`write ${code}`), { code });
}

describe("endQuietlyOnClosedPipe", () => {
  it("a reader that closes the pipe ends the command quietly instead of crashing it", () => {
    const stream = new EventEmitter();
    const exits: number[] = [];
    endQuietlyOnClosedPipe(stream, (code) => exits.push(code));
    stream.emit("error", streamError("EPIPE"));
    expect(exits).toEqual([0]);
  });

  it("any other stream error still surfaces", () => {
    const stream = new EventEmitter();
    endQuietlyOnClosedPipe(stream, () => undefined);
    expect(() => stream.emit("error", streamError("EIO"))).toThrow(/EIO/);
  });
});
