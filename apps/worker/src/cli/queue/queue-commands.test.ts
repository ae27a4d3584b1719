import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nucleo } from "../test-support/run-in-process.js";
import { queueTestFolder } from "./test-support/queue-test-folder.js";

const queue = queueTestFolder();
const run = (...argv: string[]) => queue.nucleo(argv);
const listed = async (...filters: string[]) =>
  JSON.parse((await run("queue", ...filters, "--json")).stdout) as {
    id: string;
    workflow: string;
    state: string;
    tenant?: string;
  }[];
// Queued to start in an hour: nothing serves it meanwhile, and no other test's server takes it.
const LATER = ["--start-after", "3600"];

describe("nucleo submit, status and queue, on the worker's PGlite folder", () => {
  it("submit refuses an unknown workflow and an invalid input, naming the field, and queues nothing", async () => {
    const before = await listed();
    const opened = queue.opened;
    const unknown = await run("submit", "summarise_everything");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^nucleo: Unknown workflow "summarise_everything": expected one of "budget_check", /,
    );
    const invalid = await run("submit", "budget_check", "--input", '{"costs":[1,"x"],"budget":3}');
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toBe(
      'nucleo: Invalid input for workflow "budget_check", field costs[1]: expected number, received string.',
    );
    const notJson = await run("submit", "budget_check", "--input", "{costs");
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/^nucleo: Invalid --input: expected JSON/);
    // Refused before the queue was opened.
    expect(queue.opened).toBe(opened);
    expect(await listed()).toEqual(before);
  });

  it("the same --key twice is one workflow, and the second submission says so", async () => {
    const argv = ["submit", "budget_check", "--key", "order-42", "--tenant", "acme", ...LATER];
    const first = await run(...argv, "--json");
    expect(first.code, first.stderr).toBe(0);
    const submitted = JSON.parse(first.stdout) as { id: string; created: boolean };
    expect(submitted).toEqual({ id: expect.any(String), workflow: "budget_check", created: true });
    const again = await run(...argv);
    expect(again).toMatchObject({
      code: 0,
      stdout: `Already submitted: same key. Workflow ${submitted.id} (budget_check) is the one that key submitted; nothing new was queued.`,
    });
    expect((await listed("--tenant", "acme")).map((workflow) => workflow.id)).toEqual([
      submitted.id,
    ]);
    // Another tenant's same key is another workflow.
    const other = await run("submit", "budget_check", "--key", "order-42", "--tenant", "globex");
    expect(other.stdout).toMatch(
      /^Submitted budget_check to the queue \(PGlite at .+\): workflow /,
    );
    expect(other.stdout).not.toContain(submitted.id);
  });

  it("status shows the state, attempts and times, and that no attempt has started; --json the typed status", async () => {
    const { id } = JSON.parse(
      (await run("submit", "digest_document", "--tenant", "status", ...LATER, "--json")).stdout,
    ) as { id: string };
    const shown = await run("status", id);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(
      new RegExp(
        `^Workflow ${id}\\n  workflow  digest_document\\n  state     queued\\n  tenant    status\\n  attempts  0\\n  created   \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\dZ\\n  started   -\\n  ended     -\\n  recorded  no attempt has started yet$`,
      ),
    );
    expect(JSON.parse((await run("status", id, "--json")).stdout)).toMatchObject({
      id,
      workflow: "digest_document",
      tenant: "status",
      state: "queued",
      attempts: 0,
      recordedRootId: null,
      deadLetter: false,
    });
  });

  it("status of an id the queue does not hold exits 1 saying so", async () => {
    for (const id of ["4a5c0f6e-8d2b-4c1a-9e3f-000000000404", "wf-404"]) {
      const unknown = await run("status", id);
      expect(unknown.code).toBe(1);
      expect(unknown.stdout).toBe("");
      expect(unknown.stderr).toBe(
        `nucleo: No workflow with id "${id}" is on the queue (PGlite at ${join(queue.folder, ".nucleo/pglite")}): it was never submitted there, or it ended more than 30 days ago and the queue has deleted it. nucleo queue lists the workflows it holds.`,
      );
    }
  });

  it("queue lists the workflows newest first, filtered by state, workflow and tenant", async () => {
    const submit = async (workflow: string) =>
      (
        JSON.parse(
          (await run("submit", workflow, "--tenant", "listing", ...LATER, "--json")).stdout,
        ) as { id: string }
      ).id;
    const digest = await submit("digest_document");
    const budget = await submit("budget_check");
    expect((await listed("--tenant", "listing")).map((workflow) => workflow.id)).toEqual([
      budget,
      digest,
    ]);
    expect(
      (await listed("--tenant", "listing", "--workflow", "digest_document")).map(
        (workflow) => workflow.id,
      ),
    ).toEqual([digest]);
    expect(await listed("--tenant", "listing", "--state", "queued")).toHaveLength(2);
    expect(await listed("--tenant", "listing", "--limit", "1")).toEqual([
      expect.objectContaining({ id: budget }),
    ]);
    expect((await run("queue", "--tenant", "listing", "--state", "finished")).stdout).toBe(
      'No workflows on the queue in state finished, for tenant "listing".',
    );
    const table = await run("queue", "--tenant", "listing");
    expect(table.stdout).toMatch(/^id\s+workflow\s+state\s+attempts\s+created\s+ended\n/);
    expect(table.stdout).toMatch(
      new RegExp(`^${budget}\\s+budget_check\\s+queued\\s+0\\s+\\d`, "m"),
    );
  });

  it("a bad flag is a usage error naming it, exit 2, and opens nothing", async () => {
    const opened = queue.opened;
    const refused: [string[], RegExp][] = [
      [["submit", "budget_check", "--priority", "high"], /--priority must be a whole number/],
      [
        ["submit", "budget_check", "--start-after", "tomorrow"],
        /--start-after must be whole seconds/,
      ],
      [["submit", "budget_check", "--tenant", " "], /--tenant needs a non-empty value/],
      [["submit", "budget_check", "--key", "k".repeat(201)], /--key takes at most 200 characters/],
      [
        ["queue", "--state", "done"],
        /'--state <state>' argument 'done' is invalid\. Allowed choices are queued, running, /,
      ],
      [["queue", "--limit", "0"], /--limit must be a whole number from 1 to 1000/],
      [
        ["schedule", "add", "budget_check", "0 7 * * *", "--tz", "Mars/Olympus"],
        /--tz must be an IANA time zone/,
      ],
      [
        ["status", "x", "--url", "postgres://h/db", "--data-dir", "d"],
        /^nucleo: Give --url or --data-dir, not both\./,
      ],
      [["cancel"], /^nucleo: missing required argument 'id'/],
      [["queue", "--bogus"], /^nucleo: unknown option '--bogus'/],
    ];
    for (const [argv, message] of refused) {
      const ran = await run(...argv);
      expect(ran.code, argv.join(" ")).toBe(2);
      expect(ran.stderr, argv.join(" ")).toMatch(message);
      expect(ran.stdout).toBe("");
    }
    expect(queue.opened).toBe(opened);
  });

  it("while a serving process holds the PGlite folder, a command says to set DATABASE_URL to run a fleet", async () => {
    // No database handed in: the command opens the folder itself, which this process holds.
    const held = await nucleo(queue.folder, ["queue"]);
    expect(held.code).toBe(1);
    expect(held.stderr).toContain(
      `The PGlite data folder ${join(queue.folder, ".nucleo/pglite")} is in use by process`,
    );
    expect(held.stderr).toContain("set DATABASE_URL");
  });

  it("submit creates the worker's PGlite folder, and every command closes it, failed or not, so the next can open it", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "nucleo-queue-fresh-"));
    try {
      const empty = await nucleo(cwd, ["queue"]);
      expect(empty.code).toBe(1);
      expect(empty.stderr).toContain(`none at the worker's ${join(cwd, ".nucleo/pglite")}`);
      const submitted = await nucleo(cwd, ["submit", "budget_check", ...LATER, "--json"]);
      expect(submitted.code, submitted.stderr).toBe(0);
      expect((await nucleo(cwd, ["status", "wf-404"])).code).toBe(1);
      const listed = await nucleo(cwd, ["queue", "--json"]);
      expect(listed.code, listed.stderr).toBe(0);
      expect(JSON.parse(listed.stdout)).toEqual([
        expect.objectContaining({ id: JSON.parse(submitted.stdout).id, state: "queued" }),
      ]);
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  }, 120_000);

  it("--help lists the queue commands, each with --json and the database flags", async () => {
    const help = (await run("--help")).stdout;
    for (const command of ["submit", "status", "cancel", "queue", "schedule", "dead-letters"])
      expect(help).toMatch(new RegExp(`^  ${command}\\b`, "m"));
    for (const command of [
      ["submit"],
      ["status"],
      ["cancel"],
      ["queue"],
      ["schedule", "list"],
      ["dead-letters", "retry"],
    ]) {
      const { code, stdout } = await run(...command, "--help");
      expect(code).toBe(0);
      for (const flag of ["--json", "--url <url>", "--data-dir <dir>", "--config <file>"])
        expect(stdout, command.join(" ")).toContain(flag);
    }
  });
});
