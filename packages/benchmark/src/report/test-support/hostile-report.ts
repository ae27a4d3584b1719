// A report whose untrusted text tries to drive a terminal or a Markdown viewer, for the
// formatters' tests.
import type { BenchmarkReport } from "../benchmark-report.js";
import { judgeScore, referenceRow, row, summarizedReport } from "./report-fixtures.js";

/**
 * A judge's reason or an error that tries to drive the terminal: it clears the screen (CSI
 * `ESC[2J`), hides a link behind other words (OSC 8), reverses what follows (a bidi override)
 * and, after a lone `\r`, writes over its own line with a better score.
 */
export const HOSTILE_TEXT =
  "Fine.\x1b[2J Read \x1b]8;;https://evil.example\x1b\\the docs\x1b]8;;\x1b\\ \u202Eevil\u202C\rScore 10/10";

/** What {@link HOSTILE_TEXT} reads as on one line: its words, none of its controls. */
export const HOSTILE_WORDS = "Fine. Read the docs evil";

/** A control character, line or paragraph separator or bidi override anywhere but a newline: output must have none. */
export const CONTROL_CHARACTER =
  /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/**
 * A report in which the job's name, a model id, the reference's note, a judge's reason, an
 * error and both failures all carry {@link HOSTILE_TEXT} (or a control sequence of their own).
 */
export const hostileReport = (): BenchmarkReport =>
  summarizedReport(
    [
      referenceRow({ judgeNote: HOSTILE_TEXT }),
      row({ run: 1, model: "alpha\u202E", judge: judgeScore(7, HOSTILE_TEXT) }),
      row({ run: 2, repeat: 2, status: "failed", error: HOSTILE_TEXT, judge: null }),
    ],
    { job: "summarize\x1b[2J", judgeFailure: HOSTILE_TEXT, referenceFailure: HOSTILE_TEXT },
  );
