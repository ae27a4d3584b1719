import type { BenchmarkProgress } from "./benchmark-progress.js";
import type { BenchmarkRow } from "../report/benchmark-report.js";
import { formatCosts, formatDuration, formatNote, formatScore } from "../report/format-figures.js";

/**
 * Counts a benchmark's steps as they land: the reference, every run and every judge. The
 * benchmark sends a `judged` event after the run's, for every run that went to judging —
 * whether its judge could be made or not (one that could not arrives with a `judgeNote` and no
 * verdict, and counts as done like any other) — and none for a run that failed or whose
 * reference failed (then no run has one). Such a run's judge leaves the total when the run
 * lands — a run that lands already saying why it has no verdict (a `judgeNote`) went to no
 * judge — so the count ends at the total. Should a judge be counted all the same, it goes back
 * in, and the count never passes the total.
 *
 * @internal
 */
export class ProgressTally {
  /** Steps expected so far: the reference, every run, and a judge per run still to be judged. */
  total = 0;
  /** Steps landed so far. */
  done = 0;
  #runs = 0;
  /** Once the reference failed no run is judged, and every judge is already out of the total. */
  #referenceFailed = false;
  /** Runs whose judge was taken out of the total, one by one. */
  readonly #unjudged = new Set<number>();

  /** Counts one event and returns a line about it. */
  count(progress: BenchmarkProgress): string {
    switch (progress.kind) {
      case "started":
        this.#runs = progress.runs;
        // One reference, every run, and a judge per run.
        this.total = 1 + 2 * progress.runs;
        return `racing ${progress.candidates.length} model(s) × ${progress.times}: ${progress.candidates.join(", ")}`;
      case "reference": {
        this.done += 1;
        const { row } = progress;
        if (row.status === "failed") {
          this.total -= this.#runs;
          this.#referenceFailed = true;
        }
        return row.status === "ok"
          ? `reference ok (${row.model}, ${formatDuration(row.wallMs)})`
          : `reference failed: ${formatNote(row.error ?? "no reason given")}`;
      }
      case "run": {
        this.done += 1;
        const { row } = progress;
        if (!this.#referenceFailed && willHaveNoJudge(row)) {
          this.total -= 1;
          this.#unjudged.add(row.run);
        }
        const name = `run ${row.run} ${row.model} #${row.repeat}`;
        return row.status === "ok"
          ? `${name} ok (${formatDuration(row.wallMs)}, ${formatCosts(row.cost)})`
          : `${name} failed: ${formatNote(row.error ?? "no reason given")}`;
      }
      case "judged": {
        this.done += 1;
        const { row } = progress;
        // A judge the tally had taken out: back in, and only once.
        if (this.#referenceFailed || this.#unjudged.delete(row.run)) this.total += 1;
        const verdict =
          row.judge === null
            ? formatNote(row.judgeNote ?? "no verdict")
            : `${formatScore(row.judge.score)}/10`;
        const scorer = row.scorer === null ? "" : `, scorer ${formatScore(row.scorer)}`;
        return `judged run ${row.run} ${row.model} #${row.repeat}: ${verdict}${scorer}`;
      }
    }
  }
}

/** A run that failed, or landed already saying why it has no verdict, goes to no judge: no `judged` event follows. */
function willHaveNoJudge(row: BenchmarkRow): boolean {
  return row.status === "failed" || (row.judge === null && row.judgeNote !== null);
}
