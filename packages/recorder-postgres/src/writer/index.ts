export { PostgresRecorder } from "./postgres-recorder.js";
export type { PostgresRecorderOptions } from "./postgres-recorder-options.js";
export {
  RecorderWriteError,
  type RecorderWriteErrorCode,
  type RecorderWriteErrorOptions,
} from "./recorder-write-error.js";
export { BENCHMARK_REPORT_KEY } from "./benchmark-report-schema.js";
