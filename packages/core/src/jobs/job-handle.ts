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
  /**
   * Cancels the job and every descendant; the promise rejects with a `cancelled` error. Call it
   * on the handle (`handle.cancel()`); as a callback, pass `() => handle.cancel()`.
   */
  cancel(reason?: string): void;
}

/** What a handle cancels: the run behind it. @internal */
export interface Cancellable {
  cancel(reason?: string): void;
}

const CANCELLABLE = Symbol("nucleo.handle.cancellable");

/**
 * @internal Turns the run's promise into its handle. `cancel` is one shared function that
 * finds the run on the handle — not a closure per job: thousands of handles may be pending.
 * A run rejects its handle only through {@link markRejectionHandled} first, so a handle nobody
 * awaits never crashes the process with an unhandled rejection.
 */
export function createJobHandle<TOutput>(
  promise: Promise<TOutput>,
  id: string,
  target: Cancellable,
): JobHandle<TOutput> {
  const handle = promise as Promise<TOutput> & {
    id: string;
    cancel: (reason?: string) => void;
    [CANCELLABLE]: Cancellable;
  };
  handle.id = id;
  handle[CANCELLABLE] = target;
  handle.cancel = cancelHandle;
  return handle;
}

/**
 * @internal Marks a handle's coming rejection as handled. A job's failure is reported as an
 * event; awaiting the handle still rejects as usual. Attached only when a job fails, so a job
 * that succeeds carries no extra promise while it runs.
 */
export function markRejectionHandled(promise: Promise<unknown>): void {
  promise.catch(ignore);
}

function cancelHandle(this: { [CANCELLABLE]?: Cancellable } | undefined, reason?: string): void {
  const target = this?.[CANCELLABLE];
  if (!target)
    throw new TypeError(
      "JobHandle.cancel must be called on its handle: handle.cancel(), or pass () => handle.cancel() as a callback.",
    );
  target.cancel(reason);
}

function ignore(): void {}
