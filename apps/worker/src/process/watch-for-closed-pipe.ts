/** The part of a writable stream this watch listens to. */
export interface ErrorEmitter {
  on(event: "error", listener: (error: NodeJS.ErrnoException) => void): unknown;
}

/**
 * Tells when the reader of a pipe went away: `nucleo examples | head -1` closes the pipe after
 * one line, and the next write fails with EPIPE. Without a listener that error is thrown from
 * the stream and crashes the process mid-run. Here `onClosed` is called instead, so the caller
 * stops writing and the command finishes its work — the runs, the recorder's flush, the
 * shutdown — and ends with its own status. Any other stream error is still thrown.
 */
export function watchForClosedPipe(stream: ErrorEmitter, onClosed: () => void): void {
  stream.on("error", (error) => {
    if (error.code !== "EPIPE") throw error;
    onClosed();
  });
}
