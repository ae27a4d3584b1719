import type { BenchmarkProgress } from "../benchmark/benchmark-progress.js";
import { formatCosts, formatDuration, formatNote, formatScore } from "../report/format-figures.js";

/**
 * Counts a benchmark's steps as they land: the reference, every run and every judge. A run
 * that fails will have no judge, and a reference that fails leaves every run unjudged, so
 * each takes its judges out of the total (once) — the count still ends at the total.
 *
 * @internal
 */
export class ProgressTally {
  total = 0;
  done = 0;
  #runs = 0;
  /** Once the reference failed no run is judged, and its judges are already out of the total. */
  #judging = true;

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
          this.#judging = false;
        }
        return row.status === "ok" ? `reference ok (${row.model}, ${formatDuration(row.wallMs)})` : `reference failed: ${formatNote(row.error ?? "no reason given")}`;
      }
      case "run": {
        this.done += 1;
        const { row } = progress;
        if (row.status === "failed" && this.#judging) this.total -= 1;
        const name = `run ${row.run} ${row.model} #${row.repeat}`;
        return row.status === "ok" ? `${name} ok (${formatDuration(row.wallMs)}, ${formatCosts(row.cost)})` : `${name} failed: ${formatNote(row.error ?? "no reason given")}`;
      }
      case "judged": {
        this.done += 1;
        const { row } = progress;
        const verdict = row.judge === null ? formatNote(row.judgeNote ?? "no verdict") : `${formatScore(row.judge.score)}/10`;
        const scorer = row.scorer === null ? "" : `, scorer ${formatScore(row.scorer)}`;
        return `judged run ${row.run} ${row.model} #${row.repeat}: ${verdict}${scorer}`;
      }
    }
  }
}
