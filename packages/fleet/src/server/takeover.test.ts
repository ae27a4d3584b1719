import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { deferred } from "../test-support/deferred.js";
import { describeOnServer, serverUrl } from "../test-support/test-queues.js";
import { testWorkflows } from "../test-support/test-workflows.js";

// A real worker process, run from the sources (see @nucleo/tooling/source-hooks), killed with
// SIGKILL: no handler, no exit hook, no goodbye to the database; only its heartbeats stop.
const nodeArguments = [
  "--disable-warning=ExperimentalWarning",
  "--experimental-transform-types",
  "--conditions=@nucleo/source",
  "--import",
  import.meta.resolve("@nucleo/tooling/source-hooks"),
];
const childScript = fileURLToPath(new URL("../test-support/serve-child.ts", import.meta.url));

describeOnServer("a worker that dies", (open) => {
  it("a SIGKILLed worker's workflow is taken over by another server within a minute (heartbeat 10 s, sweep 1 s)", async () => {
    const queue = await open();
    const client = queue.client(testWorkflows());
    const { id } = await client.submit("slow", {});
    const child = spawn(process.execPath, [...nodeArguments, childScript, queue.settings.schema], {
      env: { ...process.env, FLEET_TEST_DATABASE_URL: serverUrl() },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    const took = deferred();
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (stdout.includes(`took ${id} attempt 1`)) took.resolve();
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on("exit", (_code, signal) => resolve(signal)),
    );
    void exited.then(() => took.reject(new Error(`the child ended early:\n${stdout}\n${stderr}`)));
    await took.promise;
    expect(await client.status(id)).toMatchObject({ state: "running", attempts: 1 });

    child.kill("SIGKILL");
    const killedAt = performance.now();
    expect(await exited).toBe("SIGKILL");
    const rescued = deferred<{ at: number; attempt: number }>();
    await queue.serve(async (run) => {
      rescued.resolve({ at: performance.now(), attempt: run.attempt });
      return "rescued";
    });
    const { at, attempt } = await rescued.promise;
    const takeoverMs = at - killedAt;
    console.log(`takeover after SIGKILL: ${(takeoverMs / 1000).toFixed(2)} s`);
    expect(takeoverMs).toBeLessThan(60_000);
    expect(attempt).toBe(2);
    expect(await client.result(id)).toBe("rescued");
    expect(await client.status(id)).toMatchObject({ state: "finished", attempts: 2 });
  }, 90_000);
});
