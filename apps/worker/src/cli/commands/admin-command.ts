import { resolve } from "node:path";
import {
  ADMIN_DEFAULT_PORT,
  PASSWORD_VARIABLES,
  resolveCredentials,
  startAdmin,
  type ResolvedCredentials,
} from "@nucleo/admin";
import { RecorderQueries } from "@nucleo/recorder-postgres";
import type { Command } from "commander";
import { loadWorkerCatalog } from "../../compose/load-worker-catalog.js";
import { WorkerError } from "../../worker-error.js";
import { adminServicesOf } from "../admin/admin-services-of.js";
import { untilSignalled } from "../admin/until-signalled.js";
import type { CliIo } from "../cli-io.js";
import type { CliState } from "../cli-state.js";
import { addQueueDatabaseOptions } from "../queue/queue-command-options.js";
import { withCliQueue, type QueueDatabaseFlags } from "../queue/with-cli-queue.js";

interface AdminFlags extends QueueDatabaseFlags {
  readonly host?: string;
  readonly port?: string;
  readonly publicOrigin?: string;
  readonly credentialsFile?: string;
}

/**
 * `nucleo admin`: the admin console over the worker's database (`DATABASE_URL`, `--url`, or the
 * embedded PGlite folder, which no serving worker may hold meanwhile), its queue, its catalog and
 * its workflows. It prints its address and how to sign in — at the first start without
 * `NUCLEO_ADMIN_PASSWORD`, new passwords, shown this once and stored only hashed — and serves
 * until SIGTERM or SIGINT.
 */
export function addAdminCommand(program: Command, io: CliIo, state: CliState): void {
  addQueueDatabaseOptions(
    program
      .command("admin")
      .description(
        "serve the admin console (runs, transcripts, costs, benchmarks, models, fleet) until stopped",
      )
      .option("--host <address>", "the address to bind (default 127.0.0.1: this machine only)")
      .option("--port <n>", `the port (default ${ADMIN_DEFAULT_PORT}; 0 picks a free one)`)
      .option(
        "--public-origin <url>",
        "the origin browsers use when a TLS proxy fronts it, e.g. https://admin.example.com",
      )
      .option(
        "--credentials-file <file>",
        "where first-start passwords are stored hashed (default .nucleo/admin-credentials.json)",
      ),
  ).action(async (flags: AdminFlags) => {
    const port = portOf(flags.port);
    const publicOrigin = originOf(flags.publicOrigin);
    await withCliQueue(
      io,
      state,
      flags,
      async ({ client, config, registry, target, connection }) => {
        if (connection === undefined) throw new Error("The recorder's database was not opened.");
        const catalog = await loadWorkerCatalog(config);
        const credentialsFile = resolve(
          io.callerCwd,
          flags.credentialsFile ?? resolve(io.cwd, ".nucleo/admin-credentials.json"),
        );
        const credentials = await resolveCredentials(io.env, credentialsFile);
        const admin = await startAdmin({
          services: adminServicesOf({
            queries: new RecorderQueries(connection.db),
            fleet: client,
            catalog,
            registry,
            sharedAdmission: target.kind === "postgres",
          }),
          credentials: credentials.credentials,
          ...(flags.host === undefined ? {} : { host: flags.host }),
          port,
          ...(publicOrigin === undefined ? {} : { publicOrigin }),
          onServerError: (error) =>
            io.stderr(
              state.scrub(`admin: ${error instanceof Error ? error.message : String(error)}`),
            ),
        });
        state.starting.stop();
        io.stdout(`admin console at ${admin.url} (${target.shown})`);
        io.stdout(signInHelp(credentials, credentialsFile));
        await untilSignalled(io);
        await admin.close();
      },
      { recorder: true },
    );
    state.code = 0;
  });
}

function signInHelp(resolved: ResolvedCredentials, file: string): string {
  if (resolved.source === "generated" && resolved.generated !== undefined) {
    return [
      "First start: passwords were made for the console. They are shown this once and stored only hashed",
      `(in ${file}; delete it to have new ones made, or set ${PASSWORD_VARIABLES.operator}).`,
      `  operator (reads, submits, cancels, retries): ${resolved.generated.operator}`,
      `  viewer   (reads):                           ${resolved.generated.viewer}`,
    ].join("\n");
  }
  if (resolved.source === "environment") {
    const viewer =
      resolved.credentials.viewer === undefined
        ? ""
        : ` and as viewer with ${PASSWORD_VARIABLES.viewer}`;
    return `Sign in as operator with the password in ${PASSWORD_VARIABLES.operator}${viewer}.`;
  }
  return `Sign in as operator or viewer with the passwords shown at the console's first start (stored hashed in ${file}; delete it for new ones, or set ${PASSWORD_VARIABLES.operator}).`;
}

function portOf(value: string | undefined): number {
  if (value === undefined) return ADMIN_DEFAULT_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(port) || port > 65_535)
    throw new WorkerError({
      code: "usage",
      field: "--port",
      message: `--port needs a port number from 0 to 65535 (got ${JSON.stringify(value)}).`,
    });
  return port;
}

function originOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (
    url === undefined ||
    !/^https?:$/.test(url.protocol) ||
    url.origin !== value.replace(/\/$/, "")
  )
    throw new WorkerError({
      code: "usage",
      field: "--public-origin",
      message: `--public-origin needs an origin like https://admin.example.com (got ${JSON.stringify(value)}).`,
    });
  return url.origin;
}
