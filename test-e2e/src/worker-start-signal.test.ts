import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const workerMain = join(
  dirname(createRequire(import.meta.url).resolve("@nucleo/worker/package.json")),
  "dist",
  "main.js",
);

// No key and no DATABASE_URL: the mock provider and a PGlite folder under the test's folder.
const {
  OPENAI_API_KEY: _openai,
  ANTHROPIC_API_KEY: _anthropic,
  DATABASE_URL: _url,
  ...env
} = process.env;

let folder = "";

describe("the built worker, signalled while it starts", () => {
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "nucleo-e2e-start-signal-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("SIGTERM while it creates its PGlite folder stops the start cleanly: exit 0, says so, leaves no lock, and the next start runs", {
    timeout: 150_000,
  }, async () => {
    const child = spawn(process.execPath, [workerMain, "run", "digest_document"], {
      cwd: folder,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on("exit", (code, signal) => resolve({ code, signal })),
    );
    // The line the worker prints just before it opens the folder: the signal lands mid-creation.
    const opening = new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
        if (/^recorder: PGlite at .* \(creating it/m.test(stdout)) resolve();
      });
      void exited.then(() =>
        reject(new Error(`the worker exited before opening its recorder:\n${stdout}\n${stderr}`)),
      );
    });
    await opening;
    child.kill("SIGTERM");

    expect(await exited, stderr).toEqual({ code: 0, signal: null });
    expect(stdout).toContain(
      "Received SIGTERM while starting: stopping after the step under way, then closing what the start opened; no workflow will run.",
    );
    expect(stderr).toBe(
      "nucleo: Stopped by SIGTERM while starting: no workflow ran, and everything the start had opened is closed.\n",
    );
    expect(stdout).not.toContain("Running digest_document");
    const dataDir = join(folder, ".nucleo", "pglite");
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
    expect(existsSync(join(dataDir, "nucleo-recorder.lock"))).toBe(false);

    const next = await promisify(execFile)(
      process.execPath,
      [workerMain, "run", "digest_document"],
      { cwd: folder, env, timeout: 120_000 },
    );
    expect(next.stdout).toMatch(
      /Trajectory, read back from Postgres \(# is the step ordinal\):\nWorkflow \S+ \(\w+\): 7 jobs, /,
    );
    expect(next.stdout).not.toContain("creating it");
  });
});
