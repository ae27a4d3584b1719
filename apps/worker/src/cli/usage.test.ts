import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nucleo } from "./test-support/run-in-process.js";

let folder = "";
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "nucleo-usage-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});
const run = (...argv: string[]) => nucleo(folder, argv);

const COMMANDS = [
  "examples",
  "run",
  "list",
  "trajectory",
  "ledger",
  "sizing",
  "benchmarks",
  "migrate",
  "benchmark",
  "serve",
  "submit",
  "status",
  "cancel",
  "queue",
  "schedule",
  "dead-letters",
  "mock-provider",
];

describe("the nucleo command line", () => {
  it("--help lists every command, on stdout, exit 0", async () => {
    const { code, stdout } = await run("--help");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: nucleo \[options\] \[command\]/);
    for (const command of COMMANDS) expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, "m"));
  });

  it.each(COMMANDS)("%s --help prints the command's options and opens nothing", async (command) => {
    const { code, stdout } = await run(command, "--help");
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Usage: nucleo ${command} `));
    expect(stdout).toContain("-h, --help");
  });

  it("every query command takes --json", async () => {
    for (const command of [
      "list",
      "trajectory",
      "ledger",
      "sizing",
      "benchmarks",
      "migrate",
      "run",
      "examples",
      "benchmark",
    ]) {
      expect((await run(command, "--help")).stdout, command).toContain("--json");
    }
  });

  it("an unknown option is a usage error naming it, with the command's help, exit 2", async () => {
    const { code, stdout, stderr } = await run("list", "--input", "{}");
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^nucleo: unknown option '--input'\n\nUsage: nucleo list /);
    expect((await run("--bogus")).stderr).toMatch(/^nucleo: unknown option '--bogus'/);
  });

  it("an unknown command, a missing or extra argument and an empty tenant are usage errors naming what is wrong", async () => {
    expect((await run("start")).stderr).toMatch(
      /^nucleo: unknown command "start": expected one of examples, run, list, /,
    );
    expect((await run("run")).stderr).toMatch(/^nucleo: missing required argument 'workflow'/);
    expect((await run("run", "a", "b")).stderr).toMatch(/^nucleo: too many arguments for 'run'/);
    const tenant = await run("run", "budget_check", "--tenant", " ");
    expect(tenant.code).toBe(2);
    expect(tenant.stderr).toMatch(/^nucleo: --tenant needs a non-empty id\./);
    expect((await run("ledger", "--by", "provider")).stderr).toMatch(
      /^nucleo: option '--by <grouping>' argument 'provider' is invalid\. Allowed choices are workflow, jobClass, model, day, tenant\./,
    );
    expect((await run("ledger", "--from", "yesterday")).stderr).toContain(
      "--from must be an ISO date",
    );
    // A time without its zone would be read in the machine's zone: refused.
    expect((await run("ledger", "--to", "2025-01-06T10:00")).stderr).toContain(
      "--to must be an ISO date",
    );
  });

  it("a leading -- (from pnpm worker -- ...) is not an end of options", async () => {
    expect((await run("--", "list")).code).toBe(0);
  });

  it("list --json prints each workflow's name, description, input schema and example input", async () => {
    const { code, stdout } = await run("list", "--json");
    expect(code).toBe(0);
    const list = JSON.parse(stdout) as {
      name: string;
      input: { properties: Record<string, unknown> };
      exampleInput: unknown;
    }[];
    expect(list.map((workflow) => workflow.name)).toEqual([
      "budget_check",
      "benchmark_classify_ticket",
      "digest_document",
      "support_chat",
    ]);
    expect(Object.keys(list[0]!.input.properties)).toEqual(
      expect.arrayContaining(["costs", "budget"]),
    );
  });

  it("no stack trace unless --stack asks for one", async () => {
    const plain = await run("list", "--config", "missing.json");
    expect(plain.code).toBe(2);
    expect(plain.stderr).not.toMatch(/\n\s+at /);
    const traced = await run("list", "--config", "missing.json", "--stack");
    expect(traced.stderr).toMatch(/\n\s*at /);
  });
});
