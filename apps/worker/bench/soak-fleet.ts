/**
 * One phase of a soak, run by the parent: the mock provider (one `MockProviderServer` per
 * wire, answering with the worker's mock turns, with a tokens-per-minute limit when asked),
 * then the worker processes — in this process when there is one, else that many children on
 * the same database and the same mock provider — and a once-a-second look at what the
 * provider served.
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { MockProviderServer, type MockServerCounts } from "@nucleo/testing";
import { replyTo } from "../src/mock/start-mock-provider.ts";
import type { SoakOptions } from "./soak-options.ts";
import { prepareSoakProcess, type ProcessResult, type ProcessSettings } from "./soak-process.ts";
import { addAt, type HeapSample } from "./soak-stats.ts";
import { SOAK_ENTRIES, SOAK_RESPONDERS, type SoakProvider } from "./soak-workload.ts";

/** What a phase runs. */
export interface PhaseSettings {
  readonly options: SoakOptions;
  readonly databaseUrl: string;
  readonly seconds: number;
  /** Appended to the entry ids, so each phase books its own windows. */
  readonly idSuffix: string;
  /** Each provider's limit (the catalog's entry and the mock's alike); none: no binding limit. */
  readonly tokensPerMinute: Readonly<Record<SoakProvider, number>> | undefined;
}

/** What the mock provider saw of one wire. */
export interface ProviderView {
  /** Tokens its answers reported, per second after go (until the last process finished). */
  readonly tokensPerSecond: readonly number[];
  readonly counts: MockServerCounts;
}

/** What a phase measured. */
export interface PhaseResult {
  readonly seconds: number;
  readonly processes: readonly ProcessResult[];
  readonly providers: Readonly<Record<SoakProvider, ProviderView>>;
  /** The parent's heap (the mock provider) against the fleet's workflows, with several processes. */
  readonly parentHeap: readonly HeapSample[];
}

type ChildMessage =
  | { readonly type: "ready" }
  | { readonly type: "progress"; readonly finished: number }
  | { readonly type: "result"; readonly result: ProcessResult }
  | { readonly type: "failed"; readonly message: string };

const PROVIDERS = Object.keys(SOAK_ENTRIES) as SoakProvider[];
const SOAK_ENTRY = fileURLToPath(new URL("./soak.ts", import.meta.url));

/** Runs one phase and stops what it started. */
export async function runPhase(settings: PhaseSettings): Promise<PhaseResult> {
  const { options } = settings;
  const servers = {} as Record<SoakProvider, MockProviderServer>;
  const children: ChildProcess[] = [];
  try {
    for (const provider of PROVIDERS) {
      const limit = settings.tokensPerMinute?.[provider];
      servers[provider] = await MockProviderServer.start(
        limit === undefined ? {} : { limits: { tokensPerMinute: limit } },
      );
      servers[provider].handle((request) =>
        replyTo(request, { responders: SOAK_RESPONDERS, latencyMs: options.providerLatencyMs }),
      );
    }
    const base = {
      databaseUrl: settings.databaseUrl,
      openaiBaseUrl: servers.openai.openaiBaseUrl,
      anthropicBaseUrl: servers.anthropic.anthropicBaseUrl,
      budgets: options.budgets,
      inFlight: options.inFlight,
      idSuffix: settings.idSuffix,
      tokensPerMinute: settings.tokensPerMinute,
      heapEvery: options.heap ? options.heapEvery : undefined,
    };
    const tags = Array.from({ length: options.processes }, (_, index) => `p${index + 1}`);
    const finished = new Map<string, number>();
    const parentHeap: HeapSample[] = [];
    const fleetFinished = () => [...finished.values()].reduce((sum, count) => sum + count, 0);
    const progress = (tag: string, count: number) => finished.set(tag, count);

    let start: (go: number, deadline: number) => Promise<ProcessResult[]>;
    if (options.processes === 1) {
      const prepared = await prepareSoakProcess({ ...base, tag: "p1" });
      start = async (go, deadline) => [
        await prepared.run(go, deadline, (count) => progress("p1", count)),
      ];
    } else {
      const ready = tags.map((tag) => startChild({ ...base, tag }, children, progress));
      const started = await Promise.all(ready);
      start = (go, deadline) => Promise.all(started.map((child) => child(go, deadline)));
    }
    const go = Date.now() + 500;
    const deadline = go + settings.seconds * 1_000;
    const watch = watchProviders(servers, go, () => {
      const tick = Math.round((Date.now() - go) / 1_000);
      if (tick > 0 && tick % 10 === 0 && Date.now() <= deadline + 1_000)
        console.error(`soak: ${tick} s, ${fleetFinished()} workflows finished`);
      if (options.heap && options.processes > 1 && tick % 5 === 0)
        parentHeap.push(parentHeapSample(fleetFinished()));
    });
    const processes = await start(go, deadline);
    const tokensPerSecond = watch.stop();
    const providers = {} as Record<SoakProvider, ProviderView>;
    for (const provider of PROVIDERS)
      providers[provider] = {
        tokensPerSecond: tokensPerSecond[provider],
        counts: servers[provider].counts,
      };
    return { seconds: settings.seconds, processes, providers, parentHeap };
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill();
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  }
}

/**
 * Starts a child soak process and waits until it is set up; resolves to a function that gives
 * it the word go and resolves to its result.
 */
function startChild(
  settings: ProcessSettings,
  children: ChildProcess[],
  progress: (tag: string, finished: number) => void,
): Promise<(go: number, deadline: number) => Promise<ProcessResult>> {
  const child = fork(SOAK_ENTRY, ["--child"], {
    execArgv: process.execArgv,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  children.push(child);
  const settle = Promise.withResolvers<ProcessResult>();
  const result = settle.promise;
  // Handled here so a child failing before the word go is reported once, by `ready`.
  result.catch(() => {});
  return new Promise((resolve, reject) => {
    child.on("message", (message: ChildMessage) => {
      if (message.type === "ready")
        resolve((go, deadline) => {
          child.send({ type: "go", go, deadline });
          return result;
        });
      else if (message.type === "progress") progress(settings.tag, message.finished);
      else if (message.type === "result") settle.resolve(message.result);
      else {
        const error = new Error(`soak process ${settings.tag} failed: ${message.message}`);
        reject(error);
        settle.reject(error);
      }
    });
    child.on("exit", (code) => {
      const error = new Error(`soak process ${settings.tag} exited with ${code} before its result`);
      reject(error);
      settle.reject(error);
    });
    child.send({ type: "settings", settings });
  });
}

/**
 * The child's side: takes its settings, sets up, says ready, runs on the word go, sends its
 * result, and exits.
 */
export function serveAsChild(): void {
  const send = (message: ChildMessage) =>
    new Promise<void>((resolve) => process.send!(message, () => resolve()));
  process.once("message", async (message: { settings: ProcessSettings }) => {
    try {
      const prepared = await prepareSoakProcess(message.settings);
      process.once("message", async (word: { go: number; deadline: number }) => {
        try {
          const result = await prepared.run(word.go, word.deadline, (finished) => {
            void send({ type: "progress", finished });
          });
          await send({ type: "result", result });
          process.exit(0);
        } catch (error) {
          await send({ type: "failed", message: (error as Error).stack ?? String(error) });
          process.exit(1);
        }
      });
      await send({ type: "ready" });
    } catch (error) {
      await send({ type: "failed", message: (error as Error).stack ?? String(error) });
      process.exit(1);
    }
  });
}

/** Reads each mock server's token count once a second from `go`, into per-second series. */
function watchProviders(
  servers: Readonly<Record<SoakProvider, MockProviderServer>>,
  go: number,
  onTick: () => void,
): { stop(): Record<SoakProvider, number[]> } {
  const series = { openai: [] as number[], anthropic: [] as number[] };
  const last = { openai: 0, anthropic: 0 };
  const read = () => {
    const second = Math.floor((Date.now() - go) / 1_000) - 1;
    for (const provider of PROVIDERS) {
      const tokens = servers[provider].counts.tokens;
      addAt(series[provider], Math.max(0, second), tokens - last[provider]);
      last[provider] = tokens;
    }
  };
  let interval: ReturnType<typeof setInterval> | undefined;
  const begin = setTimeout(
    () => {
      for (const provider of PROVIDERS) last[provider] = servers[provider].counts.tokens;
      interval = setInterval(() => {
        read();
        onTick();
      }, 1_000);
    },
    Math.max(0, go - Date.now()),
  );
  return {
    stop() {
      clearTimeout(begin);
      clearInterval(interval);
      read();
      return series;
    },
  };
}

function parentHeapSample(workflows: number): HeapSample {
  (globalThis as { gc?: () => void }).gc?.();
  return { workflows, heapMB: process.memoryUsage().heapUsed / 2 ** 20 };
}
