#!/usr/bin/env node
// The `nucleo-benchmark` command: everything but the process lives in runBenchmarkCli.
import { runBenchmarkCli } from "./run-benchmark-cli.js";

process.exitCode = await runBenchmarkCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() });
