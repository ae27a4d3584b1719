import type { CatalogEntry } from "@nucleo/catalog";
import type { FleetClient } from "@nucleo/fleet";
import type { RecorderQueries } from "@nucleo/recorder-postgres";
import type { SubmittableWorkflow } from "../api/contract.js";

/** The recorder's read side, as far as the console reads it. */
export type ConsoleQueries = Pick<
  RecorderQueries,
  | "workflows"
  | "searchSaid"
  | "trajectory"
  | "jobContent"
  | "modelCalls"
  | "modelCall"
  | "costLedger"
  | "seatSizing"
  | "benchmarkReports"
  | "benchmarkReport"
  | "admissionHeadroom"
>;

/** The fleet's client, as far as the console uses it. */
export type ConsoleFleet = Pick<
  FleetClient,
  | "counts"
  | "workers"
  | "list"
  | "deadLetters"
  | "schedules"
  | "submit"
  | "cancel"
  | "retryDeadLetter"
>;

/**
 * What the console shows and acts on, composed by whoever starts it (the worker's `nucleo admin`
 * does, from its config): the recorder's queries, the fleet's client, the catalog. The console
 * holds no SQL of its own.
 */
export interface AdminServices {
  readonly queries: ConsoleQueries;
  /** The queue of workflows; without it the fleet page shows nothing and its actions answer 503. */
  readonly fleet?: ConsoleFleet;
  /** The catalog's entries: the models page shows them with their live headroom. */
  readonly catalog: readonly CatalogEntry[];
  /** Workflows an operator may submit, with their input's JSON Schema. */
  readonly workflows: readonly SubmittableWorkflow[];
  /** Whether the admission is shared through the recorder's database (else no live headroom). */
  readonly sharedAdmission: boolean;
}
