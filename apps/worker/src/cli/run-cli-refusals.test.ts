import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageFile } from "../package-files.js";
import { cliScratchFolder } from "./test-support/cli-scratch-folder.js";

const scratch = cliScratchFolder();
const { cli } = scratch;

// What the worker refuses at start (exit 2), naming what is wrong, before it runs anything.
describe("the worker's command line, in process", () => {
  it("a log level that names no level is refused, naming NUCLEO_LOG_LEVEL, before the worker starts", async () => {
    const { code, stderr } = await cli(["run", "budget_check"], {
      env: { NUCLEO_LOG_LEVEL: "loud" },
    });
    expect(code).toBe(2);
    expect(stderr).toContain("NUCLEO_LOG_LEVEL");
  });

  it("refuses an unknown workflow naming it and the registered ones, before opening anything (exit 2)", async () => {
    const fresh = await mkdtemp(join(scratch.folder, "fresh-"));
    const { code, stderr } = await cli(["run", "summarise_everything"], { cwd: fresh });
    expect(code).toBe(2);
    expect(stderr).toBe(
      'nucleo: Unknown workflow "summarise_everything": expected one of "budget_check", "benchmark_classify_ticket", "digest_document", "support_chat".',
    );
    expect(existsSync(join(fresh, ".nucleo"))).toBe(false);
  });

  it("refuses an input that fails the workflow's schema, naming the field (exit 2)", async () => {
    const { code, stderr } = await cli([
      "run",
      "budget_check",
      "--input",
      '{"costs":[40,"seventy"],"budget":100}',
    ]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'nucleo: Invalid input for workflow "budget_check", field costs[1]: expected number, received string.',
    );
    const empty = await cli(["run", "digest_document", "--input", '{"text":"  "}']);
    expect(empty.stderr).toBe(
      'nucleo: Invalid input for workflow "digest_document", field text: expected non-empty text.',
    );
  });

  it("reads --input from a file with @, and names the file it cannot read (exit 2)", async () => {
    const missing = join(scratch.folder, "missing.json");
    expect((await cli(["run", "budget_check", "--input", `@${missing}`])).stderr).toBe(
      `nucleo: Cannot read --input file ${JSON.stringify(missing)}: ENOENT.`,
    );
    await writeFile(join(scratch.folder, "not-json.json"), "costs: 1");
    expect((await cli(["run", "budget_check", "--input", "@not-json.json"])).stderr).toMatch(
      /^nucleo: Invalid --input file ".*not-json\.json": expected JSON/,
    );
  });

  it("a bad config stops the worker at start, naming the file and the field (exit 2)", async () => {
    const file = join(scratch.folder, "bad.json");
    await writeFile(
      file,
      JSON.stringify({
        catalog: packageFile("config/catalog.yaml"),
        workflows: ["budget_check"],
        shutdown: { graceMs: "soon" },
      }),
    );
    const { code, stderr } = await cli(["--config", file]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `nucleo: Config ${file}, field shutdown.graceMs: expected number, received string.`,
    );
  });

  it.each([
    [
      "a keyword/value connection string",
      "host=db.internal user=app password=s3cret dbname=nucleo",
    ],
    ["a postgres: URL without //", "postgres:app:s3cret@db/nucleo"],
  ])("a DATABASE_URL that is %s is refused and never printed", async (_kind, url) => {
    const { code, stdout, stderr } = await cli(["run", "budget_check"], {
      env: { DATABASE_URL: url },
    });
    expect(code).not.toBe(0);
    expect(stdout + stderr).toContain("postgres://user:password@host:port/database");
    expect(stdout + stderr).not.toContain("s3cret");
  });

  it("shared rate-limit budgets asked for without a PostgreSQL server stop the worker at start, naming the field (exit 2)", async () => {
    const file = join(scratch.folder, "shared-without-server.json");
    await writeFile(
      file,
      JSON.stringify({
        catalog: packageFile("config/catalog.yaml"),
        workflows: ["budget_check"],
        admission: { shared: true },
      }),
    );
    const { code, stdout, stderr } = await cli(["run", "budget_check", "--config", file]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `nucleo: Config ${file}, field admission.shared: sharing rate-limit budgets needs a PostgreSQL server (set DATABASE_URL); embedded PGlite serves one process.`,
    );
    expect(stdout).toBe("");
  });

  it("a deployment policy the catalog cannot meet stops the worker at start, naming the field (exit 2)", async () => {
    const file = join(scratch.folder, "bad-policy.json");
    await writeFile(
      file,
      JSON.stringify({
        catalog: packageFile("config/catalog.yaml"),
        workflows: ["budget_check"],
        policy: { megaEntry: "openai-gpt-5" },
      }),
    );
    const { code, stdout, stderr } = await cli(["run", "budget_check", "--config", file]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `nucleo: Config ${file}, field policy: Invalid value for "megaEntry" (got "openai-gpt-5"): expected an entry of grade MEGA (it is LARGE).`,
    );
    expect(stdout).toBe("");
  });
});
