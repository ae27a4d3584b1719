export type { BenchmarkSetup } from "./benchmark-setup.js";
export type { CliStream } from "./cli-stream.js";
export { runBenchmarkCli, type BenchmarkCliIo } from "./run-benchmark-cli.js";
