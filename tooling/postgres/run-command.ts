import { spawn } from "node:child_process";
import { basename } from "node:path";
import type { ServerAccount } from "./server-account.ts";

/** How {@link runCommand} runs a program. */
export interface RunCommandOptions {
  /** Run as this account (root dropping to `postgres`); the current user when absent. */
  readonly account?: ServerAccount | undefined;
  readonly cwd: string;
}

/**
 * Runs a program to completion and resolves with what it printed; rejects with an error that
 * names the program, its exit and the end of its output, so a failing `initdb` says why.
 */
export function runCommand(
  file: string,
  args: readonly string[],
  options: RunCommandOptions,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      stdio: ["ignore", "pipe", "pipe"],
      ...(options.account === undefined
        ? {}
        : { uid: options.account.uid, gid: options.account.gid }),
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", (error) =>
      reject(
        new Error(`${basename(file)} could not be started: ${error.message}`, { cause: error }),
      ),
    );
    child.on("close", (code, signal) => {
      if (code === 0) return resolve(output);
      const exit = signal === null ? `exit code ${code}` : `signal ${signal}`;
      reject(new Error(`${basename(file)} ${args.join(" ")} failed (${exit}):\n${tail(output)}`));
    });
  });
}

/** The last lines of a program's output: enough to see the error, not a whole log. */
export function tail(text: string, lines = 20): string {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}
