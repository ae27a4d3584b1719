/**
 * The admission benchmark's fleet row: several worker processes (admission-child.ts) booking on
 * one entry of one PostgreSQL database at once, as a fleet does. Plain erasable TypeScript:
 * Node runs the benchmark directly.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** How long a child may take to connect, warm up, or finish its run, before the bench gives up. */
const CHILD_TIMEOUT_MS = 60_000;

/** What the fleet booked together on one entry. */
export interface FleetRun {
  readonly booked: number;
  /** The longest child's run, from its `go`. */
  readonly elapsedMs: number;
}

/** The next JSON line of `event` the child prints. */
function nextEvent(
  child: ChildProcessWithoutNullStreams,
  event: string,
  stderr: () => string,
): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => {
      lines.close();
      reject(new Error(`a bench worker did not say ${event} in time: ${stderr()}`));
    }, CHILD_TIMEOUT_MS);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`a bench worker exited (${code}) before ${event}: ${stderr()}`));
    };
    child.once("exit", onExit);
    lines.on("line", (line) => {
      const parsed = JSON.parse(line) as { event?: string };
      if (parsed.event !== event) return;
      clearTimeout(timer);
      child.off("exit", onExit);
      lines.close();
      resolve(parsed as Record<string, number>);
    });
  });
}

/**
 * Starts `processes` workers, each running `loops` booking loops of `seats` seats per call on
 * `entryId` at `url`; once all are ready, lets them go at once for `runMs`.
 */
export async function runFleet(options: {
  readonly url: string;
  readonly entryId: string;
  readonly processes: number;
  readonly seats: number;
  readonly loops: number;
  readonly runMs: number;
}): Promise<FleetRun> {
  const script = fileURLToPath(new URL("./admission-child.ts", import.meta.url));
  const children = Array.from({ length: options.processes }, () => {
    const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", script], {
      env: {
        ...process.env,
        NUCLEO_BENCH_DATABASE_URL: options.url,
        NUCLEO_BENCH_ENTRY: options.entryId,
        NUCLEO_BENCH_SEATS: String(options.seats),
        NUCLEO_BENCH_LOOPS: String(options.loops),
        NUCLEO_BENCH_RUN_MS: String(options.runMs),
      },
      stdio: "pipe",
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2_000);
    });
    return { child, stderr: () => stderr };
  });
  try {
    await Promise.all(children.map(({ child, stderr }) => nextEvent(child, "ready", stderr)));
    const done = children.map(({ child, stderr }) => nextEvent(child, "done", stderr));
    for (const { child } of children) child.stdin.write("go\n");
    const results = await Promise.all(done);
    return {
      booked: results.reduce((sum, result) => sum + result.booked!, 0),
      elapsedMs: Math.max(...results.map((result) => result.elapsedMs!)),
    };
  } finally {
    for (const { child } of children) if (child.exitCode === null) child.kill();
  }
}
