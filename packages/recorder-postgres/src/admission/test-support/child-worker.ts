import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** One JSON line a child reported. */
export interface ChildEvent {
  readonly event: string;
  readonly [field: string]: unknown;
}

interface Waiter {
  readonly kinds: readonly string[];
  readonly resolve: (event: ChildEvent) => void;
  readonly reject: (error: Error) => void;
}

/** How long to wait for any one event before calling the child stuck. */
const EVENT_TIMEOUT_MS = 20_000;

/**
 * A Node child process speaking JSON lines (see shared-admission-child.mjs), run from the
 * workspace's TypeScript sources through `@nucleo/tooling/source-hooks`, so it never runs a stale build.
 * Every wait for an event has a deadline, and `kill` ends the child whatever state it is in.
 */
export class ChildWorker {
  readonly name: string;
  readonly events: ChildEvent[] = [];
  /** Resolves with the exit code once the child has ended. */
  readonly exited: Promise<number | null>;
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #waiters: Waiter[] = [];
  #stderr = "";
  #ended: Error | undefined;

  readonly #onEvent: ((event: ChildEvent) => void) | undefined;

  constructor(options: {
    readonly name: string;
    readonly script: URL;
    readonly env: Readonly<Record<string, string>>;
    /** Told of every event the child reports, as it comes. */
    readonly onEvent?: (event: ChildEvent) => void;
  }) {
    this.name = options.name;
    this.#onEvent = options.onEvent;
    const hooks = import.meta.resolve("@nucleo/tooling/source-hooks");
    const nodeArguments = [
      "--disable-warning=ExperimentalWarning",
      "--experimental-transform-types",
      "--conditions=@nucleo/source",
      "--import",
      hooks,
    ];
    // The test runner's own Node (24), whatever `node` is on PATH.
    this.#child = spawn(process.execPath, [...nodeArguments, fileURLToPath(options.script)], {
      env: { ...process.env, ...options.env },
      stdio: "pipe",
    });
    this.#child.stderr.on("data", (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString()).slice(-4_000);
    });
    createInterface({ input: this.#child.stdout }).on("line", (line) => this.#receive(line));
    this.exited = new Promise((resolve) => {
      this.#child.on("exit", (code) => {
        this.#end(
          new Error(
            `${this.name} exited (code ${code}) before reporting it. Its stderr:\n${this.#stderr}`,
          ),
        );
        resolve(code);
      });
    });
  }

  /** The first event of one of `kinds` the child reported, or will: rejects when it reports an error, exits or goes quiet. */
  next(kinds: readonly string[]): Promise<ChildEvent> {
    const seen = this.events.find((event) => kinds.includes(event.event));
    if (seen !== undefined) return Promise.resolve(seen);
    if (this.#ended !== undefined) return Promise.reject(this.#ended);
    return new Promise<ChildEvent>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `${this.name} reported none of ${kinds.join(", ")} within ${EVENT_TIMEOUT_MS} ms. Its stderr:\n${this.#stderr}`,
            ),
          ),
        EVENT_TIMEOUT_MS,
      );
      this.#waiters.push({
        kinds,
        resolve: (event) => (clearTimeout(timer), resolve(event)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
    });
  }

  /** Sends one line to the child's stdin. */
  send(line: string): void {
    this.#child.stdin.write(`${line}\n`);
  }

  /** Ends the child now if it still runs. */
  kill(): void {
    if (this.#child.exitCode === null && this.#child.signalCode === null)
      this.#child.kill("SIGKILL");
  }

  #receive(line: string): void {
    let event: ChildEvent;
    try {
      event = JSON.parse(line) as ChildEvent;
    } catch {
      return this.#end(new Error(`${this.name} printed a line that is not JSON: ${line}`));
    }
    this.events.push(event);
    this.#onEvent?.(event);
    if (event.event === "error")
      return this.#end(new Error(`${this.name} failed: ${String(event.message)}\n${this.#stderr}`));
    for (const waiter of this.#waiters.filter((candidate) =>
      candidate.kinds.includes(event.event),
    )) {
      this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
      waiter.resolve(event);
    }
  }

  #end(error: Error): void {
    this.#ended ??= error;
    for (const waiter of this.#waiters.splice(0)) waiter.reject(error);
  }
}
