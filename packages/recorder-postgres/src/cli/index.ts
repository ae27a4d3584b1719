export { runRecorderCli, type RecorderCliIo, type CliOutput } from "./run-recorder-cli.js";
