import type { Kysely } from "kysely";
import { sqlStateOf } from "../db/classify-database-failure.js";
import { NOT_READ_COMMITTED } from "../migrations/0004-booking-functions.js";
import type { RecorderDatabase } from "../schema/database.js";

/**
 * Runs the budget functions' calls READ COMMITTED whatever the database's default, in as few
 * round trips as that default allows. A call first runs alone (autocommit: one statement, one
 * transaction, one round trip). If the function refuses because the session's default isolation
 * is REPEATABLE READ or SERIALIZABLE (a server or role configured so), it has done nothing; the
 * call runs again inside an explicit READ COMMITTED transaction (begin, call, commit), and every
 * later call goes that way at once.
 *
 * @internal
 */
export class ReadCommittedCalls {
  readonly #db: Kysely<RecorderDatabase>;
  /** True once a call met a default other than READ COMMITTED: calls then open their own transaction. */
  #explicit = false;

  constructor(db: Kysely<RecorderDatabase>) {
    this.#db = db;
  }

  /** Runs `call` (one statement) READ COMMITTED, and answers what it answered. */
  async run<TResult>(call: (db: Kysely<RecorderDatabase>) => Promise<TResult>): Promise<TResult> {
    if (!this.#explicit) {
      try {
        return await call(this.#db);
      } catch (error) {
        if (sqlStateOf(error) !== NOT_READ_COMMITTED) throw error;
        this.#explicit = true;
      }
    }
    return this.#db.transaction().setIsolationLevel("read committed").execute(call);
  }
}
