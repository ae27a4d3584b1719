import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const workerMain = join(dirname(createRequire(import.meta.url).resolve("@nucleo/worker/package.json")), "dist", "main.js");

async function worker(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [workerMain, ...args], { timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("the worker, run as a built program", () => {
  let folder = "";
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "nucleo-e2e-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("runs the bundled sample and prints the trajectory tree and the cost ledger", async () => {
    const { code, stdout } = await worker();
    expect(code).toBe(0);
    expect(stdout).toContain("Trajectory (step ordinal, job, status, duration)");
    expect(stdout).toMatch(/^ {4}1 split_paragraphs {2}finished/m);
    expect(stdout.match(/^ {4}2 summarize_paragraph {2}finished/gm)).toHaveLength(4);
    expect(stdout).toMatch(/^ {4}3 join_summaries {2}finished/m);
    expect(stdout).toMatch(/Total for the workflow: USD 0\.\d+$/m);
  });

  it("digests a file given with --input under a tenant scope", async () => {
    const file = join(folder, "notes.txt");
    await writeFile(file, "Alpha is first. Ignored.\n\nBeta comes next.");
    const { code, stdout } = await worker("--input", file, "--tenant", "acme");
    expect(code).toBe(0);
    expect(stdout).toContain("1. Alpha is first.\n  2. Beta comes next.");
  });

  it("names the file it cannot read and exits 2", async () => {
    const missing = join(folder, "missing.txt");
    const { code, stderr } = await worker("--input", missing);
    expect(code).toBe(2);
    expect(stderr).toContain(`cannot read --input "${missing}": ENOENT`);
  });

  it("an empty document fails the workflow with the field named, exit 1", async () => {
    const empty = join(folder, "empty.txt");
    await writeFile(empty, "");
    const { code, stderr } = await worker("--input", empty);
    expect(code).toBe(1);
    expect(stderr).toMatch(/the workflow failed: Invalid value for "text"/);
  });

  it("an unknown option prints usage and exits 2", async () => {
    const { code, stderr } = await worker("--bogus");
    expect(code).toBe(2);
    expect(stderr).toContain("Usage: nucleo-worker");
  });
});
