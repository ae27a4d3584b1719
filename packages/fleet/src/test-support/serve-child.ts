// Run in a child process by takeover.test.ts: a worker that serves the queue in the schema named
// by its argument (on the server FLEET_TEST_DATABASE_URL names), prints each workflow it takes,
// and never finishes one, so that killing it leaves a workflow running with nobody heartbeating.
import { silentLogger } from "@nucleo/core";
import { openFleetQueue } from "../queue/fleet-queue.js";
import { FAST_SETTINGS } from "./fast-settings.js";

const url = process.env.FLEET_TEST_DATABASE_URL;
const schema = process.argv[2];
if (url === undefined || schema === undefined)
  throw new Error("serve-child: needs FLEET_TEST_DATABASE_URL and a schema argument");
const queue = await openFleetQueue({
  ...FAST_SETTINGS,
  schema,
  database: { url },
  logger: silentLogger,
});
await queue.serve(
  async (run) => {
    process.stdout.write(`took ${run.id} attempt ${run.attempt}\n`);
    await new Promise<never>(() => {});
  },
  { concurrency: 1 },
);
process.stdout.write("serving\n");
