import { createHash } from "node:crypto";
import type { Command } from "commander";
import { MockProviderServer } from "@nucleo/testing";
import { replyTo } from "../../mock/start-mock-provider.js";
import { registerWorkflows } from "../../workflows/built-in-workflows.js";
import { WorkerError } from "../../worker-error.js";
import type { CliIo } from "../cli-io.js";
import type { CliState } from "../cli-state.js";
import { untilSignalled } from "../admin/until-signalled.js";
import { loadConfigOption } from "./load-config.js";

interface MockProviderFlags {
  readonly config?: string;
  readonly tokensPerMinute?: string;
  readonly requestsPerMinute?: string;
  readonly latencyMs?: string;
}

/**
 * `nucleo mock-provider`: the worker's mock provider as a process of its own, so that a fleet
 * of workers (each given its URL in `NUCLEO_MOCK_PROVIDER_URL`) shares one provider — its rate
 * limits and its counters see them all, as a real provider's would. It serves until SIGTERM or
 * SIGINT, then prints what it received as one JSON line on stdout: the server's counts, and
 * how many requests repeated a body it had already answered.
 */
export function addMockProviderCommand(program: Command, io: CliIo, state: CliState): void {
  program
    .command("mock-provider")
    .description(
      "serve the mock provider for other workers (NUCLEO_MOCK_PROVIDER_URL) until stopped, then print its counts as JSON",
    )
    .option("--config <file>", "the worker's config: whose workflows' turns it plays")
    .option("--tokens-per-minute <n>", "answer 429 past this many tokens in a rolling minute")
    .option("--requests-per-minute <n>", "answer 429 past this many requests in a rolling minute")
    .option("--latency-ms <n>", "wait this long before each answer (default 0)")
    .action(async (flags: MockProviderFlags) => {
      const config = await loadConfigOption(flags.config, io);
      const responders = registerWorkflows(config.workflows)
        .all()
        .map((definition) => definition.mock);
      const tokensPerMinute = wholeNumber(flags.tokensPerMinute, "--tokens-per-minute");
      const requestsPerMinute = wholeNumber(flags.requestsPerMinute, "--requests-per-minute");
      const latencyMs = wholeNumber(flags.latencyMs, "--latency-ms") ?? 0;
      const server = await MockProviderServer.start({
        keepRequests: 0,
        ...((tokensPerMinute ?? requestsPerMinute) !== undefined && {
          limits: {
            ...(tokensPerMinute !== undefined && { tokensPerMinute }),
            ...(requestsPerMinute !== undefined && { requestsPerMinute }),
          },
        }),
      });
      const seen = new Set<string>();
      let repeated = 0;
      server.handle((request) => {
        const body = createHash("sha256").update(JSON.stringify(request.body)).digest("base64url");
        if (seen.has(body)) repeated += 1;
        else seen.add(body);
        return replyTo(request, { responders, latencyMs });
      });
      state.starting.stop();
      io.stderr(`mock provider at ${server.url} (set NUCLEO_MOCK_PROVIDER_URL=${server.url})`);
      await untilSignalled(io);
      await server.stop();
      io.stdout(JSON.stringify({ ...server.counts, repeatedBodies: repeated }));
    });
}

function wholeNumber(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0)
    throw new WorkerError({
      code: "usage",
      field: option,
      message: `${option} needs a whole number, 0 or more (got ${JSON.stringify(value)}).`,
    });
  return parsed;
}
