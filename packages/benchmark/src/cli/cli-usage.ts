/** What `nucleo-benchmark --help` prints, and what a usage error repeats. @internal */
export const USAGE = `Usage: nucleo-benchmark <config.json> [--out-dir DIR] [--quiet]

Races a model-dependent job across every model of its grade, judged against a reference run,
and writes the report as JSON and Markdown.

  <config.json>    { "setup": "./setup.ts", "times"?: 3, "candidates"?: ["entry-id", ...], "grade"?: "MEDIUM",
                     "runTimeoutMs"?: 600000, "judgeTimeoutMs"?: 300000,
                     "json"?: "report.json", "markdown"?: "report.md" }
                   "setup" is relative to the config file; its default export returns
                   { dispatcher, environment, factory, input, scorer?, close? }.
  --out-dir DIR    where the reports go (default: the config file's folder)
  -q, --quiet      no progress on stderr
  -h, --help       this text

Exit status: 0 done, 1 the benchmark failed (the report is still written), 2 bad usage or config.`;
