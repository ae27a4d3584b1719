/**
 * A submitted job: a native promise of its output, plus its id and a way to cancel it.
 * Because it *is* a promise (not a wrapper), `await handle` and `Promise.all(handles)` take the
 * engine's fast path — it matters when a doer fans out to ten thousand children.
 *
 * @example
 * const handle = context.submitInStep(new WordCount(), { text });
 * handle.id;            // the job's id, as every event names it
 * const { words } = await handle;
 */
export interface JobHandle<TOutput> extends Promise<TOutput> {
  /** The job's id, as every event names it. */
  readonly id: string;
  /** Cancels the job and every descendant; the promise rejects with a `cancelled` error. */
  cancel(reason?: string): void;
}

/** @internal Turns the run's promise into its handle. */
export function createJobHandle<TOutput>(promise: Promise<TOutput>, id: string, cancel: (reason?: string) => void): JobHandle<TOutput> {
  // A job's failure is reported as an event; a handle nobody awaits must not crash the process
  // with an unhandled rejection. Awaiting the handle still rejects as usual.
  promise.catch(ignore);
  const handle = promise as Promise<TOutput> & { id: string; cancel: (reason?: string) => void };
  handle.id = id;
  handle.cancel = cancel;
  return handle;
}

function ignore(): void {}
