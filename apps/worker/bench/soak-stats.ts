/**
 * The soak's arithmetic: a mergeable histogram of waits (flat in memory however long the run),
 * per-second series and their windows, and a least-squares slope.
 */

const GROWTH = 1.02;

/** A histogram's state, plain JSON, so processes can send theirs to the parent to be merged. */
export interface HistogramData {
  /** Bucket 0 holds values under 1 ms; bucket i ≥ 1 values in [GROWTH^(i-1), GROWTH^i). */
  readonly counts: number[];
  readonly total: number;
  readonly max: number;
}

/** Waits in milliseconds, in buckets 2% wide: quantiles within 1%, and a fixed size. */
export class WaitHistogram {
  readonly #counts: number[] = [];
  #total = 0;
  #max = 0;

  /** Adds one wait. */
  add(ms: number): void {
    const bucket = ms < 1 ? 0 : 1 + Math.floor(Math.log(ms) / Math.log(GROWTH));
    while (this.#counts.length <= bucket) this.#counts.push(0);
    this.#counts[bucket]! += 1;
    this.#total += 1;
    if (ms > this.#max) this.#max = ms;
  }

  /** Adds another histogram's counts. */
  merge(data: HistogramData): this {
    data.counts.forEach((count, bucket) => {
      while (this.#counts.length <= bucket) this.#counts.push(0);
      this.#counts[bucket]! += count;
    });
    this.#total += data.total;
    this.#max = Math.max(this.#max, data.max);
    return this;
  }

  get total(): number {
    return this.#total;
  }

  get max(): number {
    return this.#max;
  }

  /** The `q` quantile (0 to 1): the middle of its bucket, 0 for waits under a millisecond. */
  quantile(q: number): number {
    if (this.#total === 0) return 0;
    const rank = Math.max(1, Math.ceil(q * this.#total));
    let seen = 0;
    for (const [bucket, count] of this.#counts.entries()) {
      seen += count;
      if (seen >= rank) return bucket === 0 ? 0 : Math.min(this.#max, GROWTH ** (bucket - 0.5));
    }
    return this.#max;
  }

  toJSON(): HistogramData {
    return { counts: [...this.#counts], total: this.#total, max: this.#max };
  }
}

/** Adds `amount` to second `second` of a per-second series, growing it as needed. */
export function addAt(series: number[], second: number, amount: number): void {
  if (second < 0) return;
  while (series.length <= second) series.push(0);
  series[second]! += amount;
}

/** The element-wise sum of per-second series. */
export function sumSeries(all: readonly (readonly number[])[]): number[] {
  const sum: number[] = [];
  for (const series of all)
    for (const [second, value] of series.entries()) addAt(sum, second, value);
  return sum;
}

/** The rate per second of each whole `windowSeconds` window of the first `seconds` seconds. */
export function windowRates(
  series: readonly number[],
  seconds: number,
  windowSeconds: number,
): number[] {
  const rates: number[] = [];
  for (let start = 0; start + windowSeconds <= seconds; start += windowSeconds) {
    let sum = 0;
    for (let second = start; second < start + windowSeconds; second++) sum += series[second] ?? 0;
    rates.push(sum / windowSeconds);
  }
  return rates;
}

/** The largest sum over `windowSeconds` consecutive seconds (the whole series when shorter). */
export function worstWindow(series: readonly number[], windowSeconds: number): number {
  let sum = 0;
  let worst = 0;
  for (let second = 0; second < series.length; second++) {
    sum += series[second]!;
    if (second >= windowSeconds) sum -= series[second - windowSeconds]!;
    worst = Math.max(worst, sum);
  }
  return worst;
}

/** The least-squares slope of `y` on `x`; `undefined` with fewer than two distinct `x`. */
export function slope(
  points: readonly { readonly x: number; readonly y: number }[],
): number | undefined {
  if (points.length < 2) return undefined;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const point of points) {
    covariance += (point.x - meanX) * (point.y - meanY);
    variance += (point.x - meanX) ** 2;
  }
  return variance === 0 ? undefined : covariance / variance;
}

/** One heap sample: workflows finished so far and the heap in use after a full GC. */
export interface HeapSample {
  readonly workflows: number;
  readonly heapMB: number;
}

/** MB per 1,000 workflows, fitted over the second half of the samples (the first holds warm-up). */
export function heapSlope(samples: readonly HeapSample[]): number | undefined {
  const half = samples.slice(Math.floor(samples.length / 2));
  const perWorkflow = slope(half.map((sample) => ({ x: sample.workflows, y: sample.heapMB })));
  return perWorkflow === undefined ? undefined : perWorkflow * 1_000;
}
