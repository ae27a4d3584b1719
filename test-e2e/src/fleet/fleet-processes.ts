// The processes of the fleet tests: a shared mock provider, and workers serving one queue.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { workerDir } from "../test-support/built-worker.js";

const workerMain = join(workerDir, "dist", "main.js");

/** What `nucleo mock-provider` reports when it stops. */
export interface MockCounts {
  readonly requests: number;
  readonly answered: number;
  readonly throttled: number;
  readonly tokens: number;
  readonly repeatedBodies: number;
}

/** `nucleo mock-provider` as a child process: its URL, and its counts once stopped. */
export interface MockProviderProcess {
  readonly url: string;
  stop(): Promise<MockCounts>;
}

/** Starts `nucleo mock-provider --config <config>` with `args`; resolves once it listens. */
export async function startMockProviderProcess(
  config: string,
  args: readonly string[],
): Promise<MockProviderProcess> {
  const child = spawn(
    process.execPath,
    [workerMain, "mock-provider", "--config", config, ...args],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      const match = stderr.match(/mock provider at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve(match[1]!);
    });
    void exited.then(() => reject(new Error(`mock-provider exited:\n${stdout}\n${stderr}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      return JSON.parse(stdout.trim().split("\n").at(-1)!) as MockCounts;
    },
  };
}

/** The workflows a worker's log says it took and ended (its JSON log lines on stderr). */
export function takenAndEnded(stderr: string): { taken: Set<string>; ended: Set<string> } {
  const taken = new Set<string>();
  const ended = new Set<string>();
  for (const line of stderr.split("\n")) {
    if (!line.startsWith("{")) continue;
    let entry: { msg?: string; workflowId?: string };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (entry.workflowId === undefined) continue;
    if (entry.msg === "took a workflow from the queue") taken.add(entry.workflowId);
    if (entry.msg === "a workflow's attempt ended") ended.add(entry.workflowId);
  }
  return { taken, ended };
}

/** Waits for `condition` (checked every 100 ms) for up to `ms`, or throws saying what it waited for. */
export async function waitUntil(
  what: string,
  ms: number,
  condition: () => Promise<boolean> | boolean,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
