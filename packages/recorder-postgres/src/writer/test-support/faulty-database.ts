// A recorder database that fails, pauses and counts on command, for the writer's tests.
import type { CompiledQuery, Kysely, QueryResult } from "kysely";
import type { RecorderDatabase } from "../../schema/database.js";

/** A statement the writer ran inside one of its transactions. */
export interface SeenStatement {
  /** The table an INSERT writes, else the statement's first word. */
  readonly table: string;
  readonly parameters: number;
  /** The rows it carries: the length of its first array parameter (0 when it has none). */
  readonly rows: number;
  /** Which transaction it belonged to, from 1. */
  readonly transaction: number;
}

/**
 * Wraps the recorder's Kysely instance and watches the writer's transactions: records every
 * statement run in them, counts transactions and the most ever open at once, makes whole
 * transactions fail at a chosen statement (they roll back, as when a connection drops
 * mid-batch), makes statements fail by a rule (a timeout a batch past some size always
 * exceeds), and pauses statements until released.
 */
export class FaultyDatabase {
  readonly db: Kysely<RecorderDatabase>;
  readonly statements: SeenStatement[] = [];
  transactions = 0;
  maxOpenTransactions = 0;
  #open = 0;
  #failing = 0;
  #atStatement = 1;
  #error: () => Error = () =>
    Object.assign(new Error("Connection terminated unexpectedly"), { code: "ECONNRESET" });
  #gate: Promise<void> | undefined;
  #rule: ((statement: SeenStatement) => Error | undefined) | undefined;

  constructor(db: Kysely<RecorderDatabase>) {
    const wrapped = db.withoutPlugins();
    const transaction = wrapped.transaction.bind(wrapped);
    wrapped.transaction = () => {
      const builder = transaction();
      const execute = builder.execute.bind(builder);
      builder.execute = async (callback) => {
        const number = ++this.transactions;
        const fails = this.#failing > 0;
        if (fails) this.#failing -= 1;
        this.#open += 1;
        this.maxOpenTransactions = Math.max(this.maxOpenTransactions, this.#open);
        try {
          return await execute((trx) => {
            const run = trx.executeQuery.bind(trx);
            let statement = 0;
            trx.executeQuery = async <TRow>(
              query: CompiledQuery<TRow>,
            ): Promise<QueryResult<TRow>> => {
              statement += 1;
              const first = query.parameters[0];
              const seen = {
                table: tableOf(query.sql),
                parameters: query.parameters.length,
                rows: Array.isArray(first) ? first.length : 0,
                transaction: number,
              };
              this.statements.push(seen);
              while (this.#gate) await this.#gate;
              if (fails && statement === this.#atStatement) throw this.#error();
              const failure = this.#rule?.(seen);
              if (failure !== undefined) throw failure;
              return run(query);
            };
            return callback(trx);
          });
        } finally {
          this.#open -= 1;
        }
      };
      return builder;
    };
    this.db = wrapped;
  }

  /**
   * Makes the next `count` transactions fail at their `atStatement`-th statement (default the
   * first) with `error()`; statements before it ran, and roll back.
   */
  failTransactions(
    count: number,
    options: { readonly atStatement?: number; readonly error?: () => Error } = {},
  ): void {
    this.#failing = count;
    this.#atStatement = options.atStatement ?? 1;
    if (options.error) this.#error = options.error;
  }

  /**
   * From now on, fails every statement of the writer's transactions for which `rule` returns an
   * error (the transaction rolls back); `undefined` lifts the rule.
   */
  failWhen(rule: ((statement: SeenStatement) => Error | undefined) | undefined): void {
    this.#rule = rule;
  }

  /** Pauses every statement from now on; the returned function lets them go. */
  hold(): () => void {
    let release!: () => void;
    this.#gate = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.#gate = undefined;
      release();
    };
  }
}

function tableOf(sql: string): string {
  return /^\s*insert\s+into\s+"?(\w+)/i.exec(sql)?.[1] ?? sql.trim().split(/\s+/)[0] ?? "";
}

/** Polls `condition` (real time, up to 20 s) until it holds. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
