/**
 * Timing loops the benches share: wall time of one run, and per-call cost sampled over batches.
 * Plain erasable TypeScript: Node runs the benches that import it directly.
 */

/**
 * Milliseconds `run` takes, from the call to its settling.
 *
 * @example
 * const ms = await timed(() => dispatcher.submit(job, input));
 */
export async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** How {@link microsPerCall} samples: warm-up calls, then `samples` batches of `perSample` calls. */
export interface MicrosPerCallOptions {
  /** Calls made and not timed first, so the JIT has compiled the path being measured. */
  readonly warmUp: number;
  /** Batches timed; one sample each. */
  readonly samples: number;
  /** Sequential calls in a batch; the sample is their mean (1: every call timed alone). */
  readonly perSample: number;
}

/**
 * Microseconds per call of `once`, one sample per batch of sequential calls (the batch's mean),
 * after a warm-up. Batching keeps `performance.now()`'s own cost and resolution out of
 * calls that last a microsecond or two.
 *
 * @example
 * const perCall = median(await microsPerCall({ warmUp: 2_000, samples: 400, perSample: 100 }, once));
 */
export async function microsPerCall(
  options: MicrosPerCallOptions,
  once: () => unknown,
): Promise<number[]> {
  for (let index = 0; index < options.warmUp; index++) await once();
  const perCall: number[] = [];
  for (let sample = 0; sample < options.samples; sample++) {
    const start = performance.now();
    for (let index = 0; index < options.perSample; index++) await once();
    perCall.push(((performance.now() - start) * 1_000) / options.perSample);
  }
  return perCall;
}
