/** The part of a writable stream this guard listens to. */
export interface ErrorEmitter {
  on(event: "error", listener: (error: NodeJS.ErrnoException) => void): unknown;
}

/**
 * Makes a closed reader end the command quietly: `nucleo list | head -1` closes the pipe after
 * one line, and the next write fails with EPIPE. Without a listener that error is thrown from
 * the stream and crashes the process with a stack trace; the reader asked for no more output,
 * so the command ends with the status it already has. Any other stream error is still thrown.
 */
export function endQuietlyOnClosedPipe(stream: ErrorEmitter, exit: (code: number) => void): void {
  stream.on("error", (error) => {
    if (error.code !== "EPIPE") throw error;
    exit(typeof process.exitCode === "number" ? process.exitCode : 0);
  });
}
