/**
 * The arithmetic of a run's tree and waterfall, kept pure so it is tested without a browser and
 * stays O(n) for a run of 100,000 jobs: which rows are visible under the folds (one pass per fold
 * change), the shared time axis (one pass per load), and each bar's place on it (O(1) a row).
 *
 * @packageDocumentation
 */

/** What the tree needs of a job: the API's `RunJob` has all of it. */
export interface TreeJob {
  readonly jobId: string;
  readonly depth: number;
  readonly children: number;
}

/**
 * Indexes into `jobs` (tree order, parents before children) of the rows to show when the jobs in
 * `folded` hide their descendants. One pass: a folded job's subtree is the run of following
 * jobs deeper than it.
 *
 * @example visibleJobIndexes(jobs, new Set(["root"])); // Int32Array [0] when jobs[0] is "root"
 */
export function visibleJobIndexes(
  jobs: readonly TreeJob[],
  folded: ReadonlySet<string>,
): Int32Array {
  const visible = new Int32Array(jobs.length);
  let count = 0;
  // The depth of the folded ancestor whose subtree is being skipped, or -1.
  let hiddenBelow = -1;
  for (let index = 0; index < jobs.length; index++) {
    const job = jobs[index]!;
    if (hiddenBelow >= 0) {
      if (job.depth > hiddenBelow) continue;
      hiddenBelow = -1;
    }
    visible[count++] = index;
    if (job.children > 0 && folded.has(job.jobId)) hiddenBelow = job.depth;
  }
  return visible.subarray(0, count);
}

/**
 * Every job that has children, to fold the whole tree at once.
 *
 * @example allFoldable([{ jobId: "a", depth: 0, children: 1 }]); // Set {"a"}
 */
export function allFoldable(jobs: readonly TreeJob[]): Set<string> {
  const ids = new Set<string>();
  for (const job of jobs) if (job.children > 0) ids.add(job.jobId);
  return ids;
}

/** What the waterfall needs of a job's times (epoch ms). */
export interface TimedJob {
  readonly submittedAt: number | null;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
}

/** The shared time axis: the earliest start to the latest end, in epoch ms. */
export interface TimeAxis {
  readonly start: number;
  readonly end: number;
}

/**
 * The axis every bar is drawn against: from the earliest submit or start to the latest end,
 * where a job still running ends at `now`. Never zero-length, so bars always have a width.
 *
 * @example timeAxis([{ submittedAt: 0, startedAt: 10, endedAt: 30 }], 99); // { start: 0, end: 30 }
 */
export function timeAxis(jobs: readonly TimedJob[], now: number): TimeAxis {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const job of jobs) {
    const begun = job.startedAt ?? job.submittedAt;
    if (begun !== null && begun < start) start = begun;
    if (job.submittedAt !== null && job.submittedAt < start) start = job.submittedAt;
    const ended = job.endedAt ?? (job.startedAt !== null ? now : null);
    if (ended !== null && ended > end) end = ended;
    if (begun !== null && begun > end) end = begun;
  }
  if (!Number.isFinite(start)) return { start: now, end: now + 1 };
  if (!Number.isFinite(end) || end <= start) end = start + 1;
  return { start, end };
}

/** Where a bar sits, in percent of the axis. */
export interface BarGeometry {
  readonly leftPercent: number;
  readonly widthPercent: number;
  /** True when the job has not ended: the bar runs to `now`. */
  readonly open: boolean;
}

/**
 * A job's bar from `startedAt` to `endedAt` (or `now` while running), clipped to the axis; null
 * for a job that never started or lies wholly outside the axis. O(1), so a virtualised row
 * computes it while rendering.
 *
 * @example barGeometry({ submittedAt: 0, startedAt: 25, endedAt: 50 }, { start: 0, end: 100 }, 0);
 * // { leftPercent: 25, widthPercent: 25, open: false }
 */
export function barGeometry(job: TimedJob, axis: TimeAxis, now: number): BarGeometry | null {
  if (job.startedAt === null) return null;
  const span = axis.end - axis.start;
  const end = job.endedAt ?? Math.max(now, job.startedAt);
  // Zoomed in, a job wholly outside the window has no bar.
  if (end < axis.start || job.startedAt > axis.end) return null;
  const left = clampPercent(((job.startedAt - axis.start) / span) * 100);
  const right = clampPercent(((end - axis.start) / span) * 100);
  return { leftPercent: left, widthPercent: Math.max(0, right - left), open: job.endedAt === null };
}

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}

/**
 * The axis zoomed onto one job's span (with a margin either side), or null when the job never
 * started.
 *
 * @example zoomOnto({ submittedAt: 0, startedAt: 100, endedAt: 200 }, 0); // { start: 90, end: 210 }
 */
export function zoomOnto(job: TimedJob, now: number): TimeAxis | null {
  if (job.startedAt === null) return null;
  const end = job.endedAt ?? Math.max(now, job.startedAt);
  const margin = Math.max(1, (end - job.startedAt) * 0.1);
  return { start: job.startedAt - margin, end: end + margin };
}

/**
 * A tick's label, short: `250ms`, `1.5s`, `12s`, `1m30s`, `2h05m`.
 *
 * @example formatTick(90_000); // "1m30s"
 */
export function formatTick(ms: number): string {
  if (ms === 0) return "0";
  if (ms < 1_000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${Number((ms / 1_000).toFixed(ms < 10_000 ? 1 : 0))}s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1_000);
  if (minutes < 60)
    return seconds === 0 ? `${minutes}m` : `${minutes}m${String(seconds).padStart(2, "0")}s`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours}h` : `${hours}h${String(rest).padStart(2, "0")}m`;
}

/** A labelled tick of the time axis. */
export interface AxisTick {
  /** Milliseconds since the origin (the run's start), what the tick is labelled with. */
  readonly offsetMs: number;
  /** Where it sits on the axis. */
  readonly percent: number;
}

const STEPS_MS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000,
  300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 10_800_000, 21_600_000, 43_200_000,
  86_400_000,
];

/**
 * Round-numbered ticks across the axis, at most about `target` of them, counted from `origin`
 * (the run's start; a zoomed axis still labels time since the run began).
 *
 * @example axisTicks({ start: 0, end: 1000 }, 5).map((t) => t.offsetMs); // [0, 200, ..., 1000]
 */
export function axisTicks(axis: TimeAxis, target: number, origin = axis.start): AxisTick[] {
  const span = axis.end - axis.start;
  const wanted = span / Math.max(1, target);
  const step =
    STEPS_MS.find((candidate) => candidate >= wanted) ??
    Math.ceil(wanted / 86_400_000) * 86_400_000;
  const ticks: AxisTick[] = [];
  const first = Math.ceil((axis.start - origin) / step) * step;
  for (let offset = first; origin + offset <= axis.end; offset += step) {
    ticks.push({ offsetMs: offset, percent: ((origin + offset - axis.start) / span) * 100 });
  }
  return ticks;
}
