import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const workerMain = join(
  dirname(createRequire(import.meta.url).resolve("@nucleo/worker/package.json")),
  "dist",
  "main.js",
);

let folder = "";

/** Runs the built worker in `folder` (its PGlite database goes there), with no key and no DATABASE_URL. */
async function worker(
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const {
    OPENAI_API_KEY: _openai,
    ANTHROPIC_API_KEY: _anthropic,
    DATABASE_URL: _url,
    ...env
  } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, [workerMain, ...args], {
      cwd: folder,
      env,
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("the worker, run as a built program", () => {
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "nucleo-e2e-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("runs the digest on the bundled sample, on the mock provider, and prints the trajectory and ledger from PGlite", {
    timeout: 150_000,
  }, async () => {
    const { code, stdout, stderr } = await worker("run", "digest_document");
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(
      /^no API key set: running on the mock provider at http:\/\/127\.0\.0\.1:\d+ /m,
    );
    expect(stdout).toContain(`recorder: PGlite at ${join(folder, ".nucleo", "pglite")}`);
    expect(stdout).toMatch(
      /Trajectory, read back from Postgres \(# is the step ordinal\):\nWorkflow \S+ \(\w+\): 7 jobs, 4 model calls, cost USD 0\.\d+\n/,
    );
    expect(stdout).toMatch(/^ *1 {4}split_paragraphs +\S+ +\w+ +finished /m);
    expect(stdout.match(/^ *2 {4}summarize_paragraph +\S+ +\w+ +finished /gm)).toHaveLength(4);
    expect(stdout).toMatch(/^ *3 {4}join_summaries +\S+ +\w+ +finished /m);
  });

  it("digests a JSON file given with --input @file under a tenant scope", async () => {
    await writeFile(
      join(folder, "notes.json"),
      JSON.stringify({ text: "Alpha is first. Ignored.\n\nBeta comes next." }),
    );
    const { code, stdout, stderr } = await worker(
      "run",
      "digest_document",
      "--input",
      "@notes.json",
      "--tenant",
      "acme",
    );
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(
      'Output  {"digest":"1. Alpha is first.\\n2. Beta comes next.","paragraphs":2}',
    );
  });

  it("names the --input file it cannot read and exits 2", async () => {
    const missing = join(folder, "missing.json");
    const { code, stderr } = await worker("run", "digest_document", "--input", `@${missing}`);
    expect(code).toBe(2);
    expect(stderr).toContain(`Cannot read --input file "${missing}": ENOENT.`);
  });

  it("refuses an empty document naming the field, exit 2, before running anything", async () => {
    const { code, stdout, stderr } = await worker(
      "run",
      "digest_document",
      "--input",
      '{"text":""}',
    );
    expect(code).toBe(2);
    expect(stderr).toContain(
      'Invalid input for workflow "digest_document", field text: expected non-empty text.',
    );
    expect(stdout).toBe("");
  });

  it("refuses an unknown workflow naming the registered ones, exit 2", async () => {
    const { code, stderr } = await worker("run", "nope");
    expect(code).toBe(2);
    expect(stderr).toContain(
      'Unknown workflow "nope": expected one of "budget_check", "benchmark_classify_ticket", "digest_document", "support_chat".',
    );
  });

  it("lists the registered workflows with their input fields", async () => {
    const { code, stdout } = await worker("list");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^budget_check$/m);
    expect(stdout).toMatch(/^ {4}costs: list<number>/m);
    expect(stdout).toMatch(/^benchmark_classify_ticket$/m);
  });

  it("an unknown option prints usage and exits 2", async () => {
    const { code, stderr } = await worker("--bogus");
    expect(code).toBe(2);
    expect(stderr).toMatch(/^nucleo: unknown option '--bogus'/);
    expect(stderr).toContain("Usage: nucleo ");
  });
});
