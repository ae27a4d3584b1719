/**
 * Loading what a page shows: one request per change of its inputs, the previous request
 * aborted, the last answer kept while a refresh runs (no flicker), and an optional refresh
 * every few seconds for live views.
 *
 * @packageDocumentation
 */

import { type DependencyList, useCallback, useEffect, useRef, useState } from "react";

/** What a page has of a request. */
export interface Loaded<T> {
  /** The last answer, kept while reloading. */
  readonly data: T | undefined;
  /** The last request's failure, cleared by the next answer. */
  readonly error: unknown;
  readonly loading: boolean;
  /** Asks again now. */
  readonly reload: () => void;
}

/**
 * Runs `load` when `deps` change (and every `refreshMs` when given), aborting the one before.
 *
 * @example const runs = useApi((signal) => api.runs(query, signal), [search]);
 */
export function useApi<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  refreshMs?: number,
): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps say when to load.
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    loadRef.current(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setData(answer);
        setError(undefined);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [...deps, generation]);

  useEffect(() => {
    if (refreshMs === undefined) return;
    const timer = window.setInterval(() => setGeneration((g) => g + 1), refreshMs);
    return () => window.clearInterval(timer);
  }, [refreshMs]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data, error, loading, reload };
}

/**
 * The current time, re-read every `everyMs`, for ages that tick (a heartbeat's "4 s ago").
 *
 * @example const now = useNow(1000);
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
