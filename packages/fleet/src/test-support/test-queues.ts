import { randomBytes } from "node:crypto";
import { type Logger, silentLogger } from "@nucleo/core";
import { afterEach, describe, inject } from "vitest";
import type { FleetSettingsInput } from "../queue/fleet-settings.js";
import { type FleetQueue, openFleetQueue } from "../queue/fleet-queue.js";
import { FAST_SETTINGS } from "./fast-settings.js";
import "./provided-context.js";

/** Opens a queue for the running test; `schema` shares one with another queue of the test. */
export type OpenTestQueue = (
  settings?: FleetSettingsInput & { readonly logger?: Logger },
) => Promise<FleetQueue>;

/** The server's URL, or throws when there is none (the describe block is skipped then). */
export function serverUrl(): string {
  const url = inject("fleetPostgresUrl");
  if (url === null)
    throw new Error("No PostgreSQL server: this test needs the package's globalSetup.");
  return url;
}

/** A schema name no other test uses. */
export function freshSchema(): string {
  return `fleet_${randomBytes(5).toString("hex")}`;
}

/**
 * Declares tests that need queues on the throwaway PostgreSQL server (skipped when there is
 * none). `open()` opens one in a schema of its own (or the `schema` given, to put a second
 * instance on the same queue), with {@link FAST_SETTINGS}; every queue opened is closed after
 * the test.
 */
export function describeOnServer(name: string, body: (open: OpenTestQueue) => void): void {
  const skipped = inject("fleetPostgresUrl") === null;
  (skipped ? describe.skip : describe)(name, () => {
    const opened: FleetQueue[] = [];
    afterEach(async () => {
      await Promise.allSettled(opened.splice(0).map((queue) => queue.close()));
    });
    body(async (settings = {}) => {
      const queue = await openFleetQueue({
        logger: silentLogger,
        ...FAST_SETTINGS,
        schema: freshSchema(),
        ...settings,
        database: { url: serverUrl() },
      });
      opened.push(queue);
      return queue;
    });
  });
}
