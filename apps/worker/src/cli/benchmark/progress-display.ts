import cliProgress from "cli-progress";
import { ProgressTally, type BenchmarkProgress } from "@nucleo/benchmark";
import { printableText as plainText } from "@nucleo/core";
import type { ProgressStream } from "../cli-io.js";

/** How progress is shown: a live bar (a terminal), a line per event (a log), or not at all. */
export type ProgressMode = "bar" | "lines" | "off";

/** What the CLI hands the benchmark as `onProgress`, and stops before it prints the table. */
export interface ProgressDisplay {
  readonly onProgress: (progress: BenchmarkProgress) => void;
  /** Ends the bar (leaving it drawn), so what follows starts on a fresh line. */
  stop(): void;
}

/**
 * A progress display on `stream`: one bar whose total is the reference, every run and every
 * judge, captioned with the last event; or one plain line per event where a bar would only
 * scribble control codes into a file or a CI log. Each event's text is plain text (see
 * {@link plainText}): an error or a judge's note cannot bring control codes of its own.
 */
export function createProgressDisplay(stream: ProgressStream, mode: ProgressMode): ProgressDisplay {
  if (mode === "off") return { onProgress: () => {}, stop: () => {} };
  const tally = new ProgressTally();
  if (mode === "lines") {
    return {
      onProgress: (progress) => {
        const text = plainText(tally.count(progress));
        stream.write(`[${tally.done}/${tally.total}] ${text}\n`);
      },
      stop: () => {},
    };
  }
  const bar = new cliProgress.SingleBar(
    // The cursor stays visible: hidden, a Ctrl-C mid-race would leave the terminal without one.
    // cli-progress types its stream as Node's, but only writes text to it and reads `isTTY`
    // and `columns` (its cursor moves go through `readline`, which writes too): a ProgressStream is enough.
    {
      stream: stream as NodeJS.WritableStream,
      format: "benchmark {bar} {value}/{total} | {event}",
      clearOnComplete: false,
      barsize: 24,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    onProgress: (progress) => {
      const event = plainText(tally.count(progress));
      if (!started) {
        bar.start(tally.total, tally.done, { event });
        started = true;
        return;
      }
      bar.setTotal(tally.total);
      bar.update(tally.done, { event });
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}
