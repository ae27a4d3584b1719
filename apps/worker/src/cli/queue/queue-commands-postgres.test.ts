import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { silentLogger } from "@nucleo/core";
import { openFleetQueue, type FleetQueue } from "@nucleo/fleet";
import {
  POSTGRES_BINARIES_NOT_FOUND,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from "@nucleo/tooling/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWorkerConfig } from "../../config/load-worker-config.js";
import { fleetSettingsOf } from "../../fleet/fleet-settings-of.js";
import { packageFile } from "../../package-files.js";
import { nucleo, type Ran } from "../test-support/run-in-process.js";

// One throwaway PostgreSQL server for the file. Without PostgreSQL installed the file is skipped
// with a warning, except under CI, where it fails.
let server: ThrowawayPostgres | undefined;
let serving: FleetQueue | undefined;
let folder = "";
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "nucleo-queue-postgres-"));
  try {
    server = await startThrowawayPostgres();
  } catch (error) {
    const ci = process.env.CI;
    if (
      (error as { code?: unknown }).code !== POSTGRES_BINARIES_NOT_FOUND ||
      (ci !== undefined && !/^(false|0|)$/i.test(ci))
    )
      throw error;
    console.warn(`queue commands: the PostgreSQL tests are skipped. ${(error as Error).message}`);
    return;
  }
  const config = await loadWorkerConfig(packageFile("config/worker.json"));
  // A worker serving the queue, in this process, with the worker's settings and a trivial handler.
  serving = await openFleetQueue({
    database: { url: server.url },
    ...fleetSettingsOf(config),
    logger: silentLogger,
  });
  await serving.serve(async (run) => ({ echoed: run.input, tenant: run.tenant ?? null }));
}, 120_000);
afterAll(async () => {
  await serving?.close();
  await server?.dispose();
  await rm(folder, { recursive: true, force: true });
});

describe("the queue commands on a PostgreSQL server", () => {
  it("submit --wait, the same --key, status, queue and cancel work through --url and DATABASE_URL, never printing the password", async (context) => {
    if (server === undefined) return context.skip();
    const { url } = server;
    const password = new URL(url).password;
    const outputs: Ran[] = [];
    const run = async (argv: string[], env: Record<string, string> = {}) => {
      const ran = await nucleo(folder, argv, { env });
      outputs.push(ran);
      return ran;
    };
    const waited = await run([
      "submit",
      "budget_check",
      "--tenant",
      "acme",
      "--wait",
      "--json",
      "--url",
      url,
    ]);
    expect(waited.code, waited.stderr).toBe(0);
    const { id } = JSON.parse(waited.stdout) as { id: string };
    expect(JSON.parse(waited.stdout)).toMatchObject({
      workflow: "budget_check",
      created: true,
      state: "finished",
      output: {
        echoed: { costs: [40, 70, 25, 90, 15, 60, 35, 80, 55, 30], budget: 450 },
        tenant: "acme",
      },
    });
    expect(waited.stderr).toContain(
      `Submitted budget_check to the queue (${url.replace(password, "***")})`,
    );

    const keyed = ["submit", "digest_document", "--key", "doc-7", "--start-after", "3600"];
    const first = await run(keyed, { DATABASE_URL: url });
    const again = await run(keyed, { DATABASE_URL: url });
    const keyedId = /workflow (\S+)$/.exec(first.stdout)?.[1];
    expect(keyedId).toBeDefined();
    expect(again.stdout).toContain(`Already submitted: same key. Workflow ${keyedId} `);

    const status = await run(["status", id, "--json"], { DATABASE_URL: url });
    expect(JSON.parse(status.stdout)).toMatchObject({
      id,
      state: "finished",
      attempts: 1,
      tenant: "acme",
      recordedRootId: id,
    });
    const listed = JSON.parse((await run(["queue", "--json", "--url", url])).stdout) as {
      id: string;
    }[];
    expect(listed.map((workflow) => workflow.id)).toEqual([keyedId, id]);
    expect((await run(["cancel", keyedId!, "--url", url])).stdout).toMatch(
      /^Cancelled workflow \S+ \(digest_document, was queued\)/,
    );

    // A database the server does not have, named like the password: the server's error quotes
    // it, and the command scrubs it from what it prints.
    const named = url.replace(/\/postgres$/, `/${password}`);
    const refused = await run(["queue", "--url", named]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^nucleo: The workflow queue could not be opened on postgres:\/\/postgres:\*\*\*@/,
    );
    expect(refused.stderr).toContain('database "***" does not exist');
    for (const ran of outputs) expect(ran.stdout + ran.stderr).not.toContain(password);
  });
});
