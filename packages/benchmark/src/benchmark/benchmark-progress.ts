import type { BenchmarkRow } from "../report/benchmark-report.js";

/**
 * What a benchmark reports while it runs, for a progress display: the reference and each
 * candidate run as it lands, each judge as it returns. `row` is the row as it stands then
 * (a candidate's judge fields fill in on `judged`).
 */
export type BenchmarkProgress =
  | {
      readonly kind: "started";
      readonly candidates: readonly string[];
      readonly times: number;
      readonly runs: number;
    }
  | { readonly kind: "reference"; readonly row: BenchmarkRow }
  | { readonly kind: "run"; readonly row: BenchmarkRow }
  | { readonly kind: "judged"; readonly row: BenchmarkRow };
