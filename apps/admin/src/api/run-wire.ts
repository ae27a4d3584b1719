/**
 * The compact form a run travels in (`GET /api/runs/:rootId`), and back. A run of 100,000 jobs
 * as objects was some 57 MB of JSON, most of it repeated keys, class names and token counts,
 * and building 100,000 objects (or rows) cost the server more than the query did. As columns —
 * one array of plain numbers or texts per field, repeated texts as indexes into a string table,
 * times as offsets, spends as calls and cost only (a call's tokens are on the job's calls) — it
 * is a fraction of the size and cheap to write and to parse. Pure code
 * with no imports but types: the server encodes with `encodeTrajectory`, the page decodes here.
 *
 * @packageDocumentation
 */
import type { CallsAndCost, Money, RunDetail, RunJob } from "./contract.js";

/** One spend per job, as columns: calls, and the cost text. */
export interface WireSpends {
  readonly calls: readonly number[];
  /** Per job, `""` for no cost, else `<currency index>:<decimal>` joined by `;` (one per currency). */
  readonly cost: readonly string[];
}

/**
 * `GET /api/runs/:rootId`'s body: the run's jobs in tree order (a parent before its children),
 * one column per field, every column as long as `id`.
 */
export interface RunDetailWire {
  readonly format: "nucleo.run.2";
  readonly rootId: string;
  readonly jobCount: number;
  /** Every class, kind, status, error code and currency, once. */
  readonly strings: readonly string[];
  /** The epoch milliseconds every time is counted from. */
  readonly base: number;
  readonly id: readonly string[];
  /** The parent's row, `-1` for none; a parent not among the rows (detached) is in `parentId`. */
  readonly parent: readonly number[];
  /** Sparse: row → parent id, for rows whose parent is not listed. */
  readonly parentId: Readonly<Record<string, string>>;
  readonly depth: readonly number[];
  /** `-1` for none. */
  readonly ordinal: readonly number[];
  readonly jobClass: readonly number[];
  readonly jobName: readonly string[];
  readonly kind: readonly number[];
  readonly status: readonly number[];
  readonly attempts: readonly number[];
  /** Milliseconds after `base`; `-1` for not recorded. */
  readonly submitted: readonly number[];
  readonly started: readonly number[];
  readonly ended: readonly number[];
  readonly children: readonly number[];
  /** Sparse: row → the id it was replayed from. */
  readonly replayedFrom: Readonly<Record<string, string>>;
  /** Sparse: row → `[code index or -1, message]`. */
  readonly error: Readonly<Record<string, readonly [number, string | null]>>;
  readonly own: WireSpends;
  readonly subtree: WireSpends;
}

function fail(message: string): never {
  throw new TypeError(`Run in compact form: ${message}.`);
}

function costOf(text: string, strings: readonly string[]): Money {
  const money: Record<string, string> = {};
  if (text === "") return money;
  for (const part of text.split(";")) {
    const colon = part.indexOf(":");
    const currency = strings[Number(part.slice(0, colon))];
    if (colon < 1 || currency === undefined)
      fail(`a cost ${JSON.stringify(part)} names no currency`);
    money[currency] = part.slice(colon + 1);
  }
  return money;
}

/**
 * A run back from its compact form. Reads what it is given defensively: a column of the wrong
 * length or an index out of the string table throws a `TypeError` naming it, rather than
 * drawing nonsense.
 */
export function decodeRun(wire: RunDetailWire): RunDetail {
  if (wire.format !== "nucleo.run.2") fail(`unknown format ${JSON.stringify(wire.format)}`);
  const rows = wire.id.length;
  const columns = [
    wire.parent,
    wire.depth,
    wire.ordinal,
    wire.jobClass,
    wire.jobName,
    wire.kind,
    wire.status,
  ];
  const more = [wire.attempts, wire.submitted, wire.started, wire.ended, wire.children];
  for (const column of [
    ...columns,
    ...more,
    wire.own.calls,
    wire.own.cost,
    wire.subtree.calls,
    wire.subtree.cost,
  ]) {
    if (!Array.isArray(column) || column.length !== rows) fail(`a column is not ${rows} long`);
  }
  const { strings, base } = wire;
  const text = (index: number): string => strings[index] ?? fail(`no string ${index}`);
  const time = (offset: number) => (offset < 0 ? null : base + offset);
  const spend = (spends: WireSpends, row: number): CallsAndCost => ({
    calls: spends.calls[row]!,
    cost: costOf(spends.cost[row]!, strings),
  });
  const jobs: RunJob[] = new Array(rows);
  for (let row = 0; row < rows; row += 1) {
    const parent = wire.parent[row]!;
    const error = wire.error[row];
    const ordinal = wire.ordinal[row]!;
    jobs[row] = {
      jobId: wire.id[row]!,
      parentId: parent >= 0 ? wire.id[parent]! : (wire.parentId[row] ?? null),
      depth: wire.depth[row]!,
      ordinal: ordinal < 0 ? null : ordinal,
      jobClass: text(wire.jobClass[row]!),
      jobName: wire.jobName[row]!,
      kind: text(wire.kind[row]!),
      status: text(wire.status[row]!) as RunJob["status"],
      attempts: wire.attempts[row]!,
      submittedAt: time(wire.submitted[row]!),
      startedAt: time(wire.started[row]!),
      endedAt: time(wire.ended[row]!),
      error:
        error === undefined
          ? null
          : { code: error[0] < 0 ? null : text(error[0]), message: error[1] },
      replayedFrom: wire.replayedFrom[row] ?? null,
      own: spend(wire.own, row),
      subtree: spend(wire.subtree, row),
      children: wire.children[row]!,
    };
  }
  return { rootId: wire.rootId, jobCount: wire.jobCount, jobs };
}
