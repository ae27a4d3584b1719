#!/usr/bin/env node
// The `nucleo-recorder` command: everything but the process lives in runRecorderCli.
import { runRecorderCli } from "./run-recorder-cli.js";

process.exitCode = await runRecorderCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });
