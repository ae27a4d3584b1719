import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { type Deferred, deferred } from "./deferred.js";
import { serverUrl } from "./test-queues.js";

// A real worker process, run from the sources (see @nucleo/tooling/source-hooks): serve-child.ts.
const nodeArguments = [
  "--disable-warning=ExperimentalWarning",
  "--experimental-transform-types",
  "--conditions=@nucleo/source",
  "--import",
  import.meta.resolve("@nucleo/tooling/source-hooks"),
];
const childScript = fileURLToPath(new URL("./serve-child.ts", import.meta.url));

/** A worker process serving a test queue, and ways to wait on what it prints and on its end. */
export interface ServeChild {
  readonly process: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves once it has printed `text`; rejects if it ends first (with what it printed). */
  printed(text: string): Promise<void>;
  /** Resolves with the signal that ended it (null when it exited by itself). */
  readonly exited: Promise<NodeJS.Signals | null>;
}

/** Starts serve-child.ts on the queue in `schema` on the test server (concurrency 1). */
export function spawnServeChild(schema: string): ServeChild {
  const child = spawn(process.execPath, [...nodeArguments, childScript, schema], {
    env: { ...process.env, FLEET_TEST_DATABASE_URL: serverUrl() },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const waiting = new Map<string, Deferred<void>>();
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    for (const [text, wait] of waiting) if (stdout.includes(text)) wait.resolve();
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on("exit", (_code, signal) => resolve(signal)),
  );
  void exited.then(() => {
    for (const wait of waiting.values())
      wait.reject(new Error(`the child ended early:\n${stdout}\n${stderr}`));
  });
  return {
    process: child,
    exited,
    printed(text) {
      const wait = waiting.get(text) ?? deferred<void>();
      waiting.set(text, wait);
      if (stdout.includes(text)) wait.resolve();
      return wait.promise;
    },
  };
}
