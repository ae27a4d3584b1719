import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { AdminError } from "./admin-error.js";
import { createAdminApp, type AdminAppOptions } from "./admin-app.js";

/** Where and how the console listens. */
export interface StartAdminOptions extends Omit<AdminAppOptions, "pagesDir"> {
  /** The address to bind. Default `127.0.0.1`: reachable from this machine only. */
  readonly host?: string;
  /** Default 4600; 0 picks a free port. */
  readonly port?: number;
  /** The built pages. Default: the `web` folder built beside this module. */
  readonly pagesDir?: string;
}

/** A running console. */
export interface RunningAdmin {
  /** Where it answers, e.g. `http://127.0.0.1:4600`. */
  readonly url: string;
  /** Stops taking requests and closes open connections. */
  close(): Promise<void>;
}

/** The default port. */
export const ADMIN_DEFAULT_PORT = 4600;

/** The built pages beside the built module (`dist/web`), or beside the sources' `dist`. */
export function defaultPagesDir(): string {
  const built = fileURLToPath(new URL("./web/", import.meta.url));
  return existsSync(built) ? built : fileURLToPath(new URL("../dist/web/", import.meta.url));
}

/**
 * Starts the console's HTTP server (see `createAdminApp`) on `host:port`.
 *
 * @throws {AdminError} `not_built` when the pages are not built (run the package's build).
 */
export async function startAdmin(options: StartAdminOptions): Promise<RunningAdmin> {
  const pagesDir = options.pagesDir ?? defaultPagesDir();
  if (!existsSync(`${pagesDir}/index.html`)) {
    throw new AdminError(
      "not_built",
      `The console's pages are not built (no index.html in ${pagesDir}): run \`pnpm --filter @nucleo/admin build\`.`,
    );
  }
  const host = options.host ?? "127.0.0.1";
  let boundPort = -1;
  const names = new Set([
    "127.0.0.1",
    "localhost",
    "[::1]",
    host.includes(":") ? `[${host}]` : host,
  ]);
  const hostAllowed = (header: string) => {
    const colon = header.lastIndexOf(":");
    return (
      colon > 0 &&
      names.has(header.slice(0, colon).toLowerCase()) &&
      header.slice(colon + 1) === String(boundPort)
    );
  };
  // Bound to every address, the console is reached by names it cannot know: give it
  // `publicOrigin` then (the README says so); the Host check is for a loopback console.
  const wildcard = host === "0.0.0.0" || host === "::";
  const app = createAdminApp({ ...options, pagesDir, ...(wildcard ? {} : { hostAllowed }) });
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const listening = serve(
      { fetch: app.fetch, hostname: host, port: options.port ?? ADMIN_DEFAULT_PORT },
      () => resolve(listening),
    );
    listening.once("error", reject);
  });
  // After listening, a server error (out of file descriptors, say) is reported, not fatal.
  server.on("error", (error) => options.onServerError?.(error));
  const { port } = server.address() as AddressInfo;
  boundPort = port;
  const shown = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
