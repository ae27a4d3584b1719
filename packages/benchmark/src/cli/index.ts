export type { BenchmarkSetup } from "./benchmark-setup.js";
export { runBenchmarkCli, type BenchmarkCliIo, type CliStream } from "./run-benchmark-cli.js";
