import type { RunObserver } from "@nucleo/core";
import cliProgress from "cli-progress";
import type { ProgressStream } from "../cli-io.js";

/** A live bar for one workflow run: an observer of the dispatcher's events, and its end. */
export interface RunProgress {
  readonly observer: RunObserver;
  /** Removes the bar (the report follows on a clean screen). */
  stop(): void;
}

/**
 * The progress of a workflow run on a terminal: jobs done out of jobs submitted so far (a run
 * learns its size as it goes) and the model calls made, captioned with the workflow. Drawn on
 * `stream` only when it is a terminal — never into a file, a CI log or `--json` output; the
 * caller passes no stream then, and gets a display that shows nothing.
 */
export function createRunProgress(
  stream: ProgressStream | undefined,
  workflow: string,
): RunProgress {
  if (stream?.isTTY !== true) return { observer: { onEvent: () => {} }, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    // The cursor stays visible: hidden, a Ctrl-C mid-run would leave the terminal without one.
    // cli-progress types its stream as Node's but only writes text and reads isTTY and columns.
    {
      stream: stream as NodeJS.WritableStream,
      format: `${workflow} {bar} {value}/{total} jobs | {calls} model call(s)`,
      clearOnComplete: true,
      barsize: 24,
    },
    cliProgress.Presets.shades_classic,
  );
  let submitted = 0;
  let settled = 0;
  let calls = 0;
  let started = false;
  const draw = () => {
    if (!started) {
      bar.start(submitted, settled, { calls });
      started = true;
      return;
    }
    bar.setTotal(submitted);
    bar.update(settled, { calls });
  };
  return {
    observer: {
      onEvent: (event) => {
        if (event.type === "job.submitted") submitted += 1;
        else if (event.type === "job.finished" || event.type === "job.failed") settled += 1;
        else if (event.type === "llm.call") calls += 1;
        else return;
        draw();
      },
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}
