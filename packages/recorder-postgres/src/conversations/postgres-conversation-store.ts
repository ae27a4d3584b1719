import { InvalidInputError, SystemError, systemClock, type Clock } from "@nucleo/core";
import {
  parseConversationSnapshot,
  type ConversationSnapshot,
  type ConversationStore,
} from "@nucleo/conversation";
import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { fromStoredJson, toStoredJson } from "./stored-json.js";

/** How a {@link PostgresConversationStore} is set up. */
export interface PostgresConversationStoreOptions {
  /** Stamps `updated_at`. Default: the system clock. */
  readonly clock?: Clock;
  /**
   * How many conversations the store remembers the loaded version of, for its conflict check
   * (the oldest is forgotten first). A conversation it has forgotten is saved without the
   * check. Default 10,000.
   */
  readonly trackedConversations?: number;
}

/** The version a load saw: a number, or `null` when the conversation did not exist yet. */
type SeenVersion = number | null;

/**
 * The durable conversations of chat thinkers, in the recorder's `nucleo_conversations` table:
 * the `ConversationStore` a `ConversationService` takes, shared by every worker on the same
 * database, so the next turn of a chat may run on any of them.
 *
 * Two turns of one chat resumed at once would each save a conversation missing the other's
 * turn. The store refuses the second save instead (`SystemError`, code
 * `conversation_conflict`): every save names the version its conversation was loaded at, and
 * one that finds a newer row changes nothing. The turn fails; retried, it resumes from the
 * saved conversation.
 *
 * A stored row is checked when it is read: a malformed one is refused as
 * `corrupt_conversation`, naming the field, never its text.
 *
 * @example
 * const { db } = await openRecorderDatabase({ url: process.env.DATABASE_URL });
 * const conversations = new ConversationService({ store: new PostgresConversationStore(db), environment });
 */
export class PostgresConversationStore implements ConversationStore {
  readonly #db: Kysely<RecorderDatabase>;
  readonly #clock: Clock;
  readonly #limit: number;
  readonly #seen = new Map<string, SeenVersion>();

  constructor(db: Kysely<RecorderDatabase>, options: PostgresConversationStoreOptions = {}) {
    const limit = options.trackedConversations ?? 10_000;
    if (!Number.isSafeInteger(limit) || limit < 1) {
      throw new InvalidInputError({
        parameter: "trackedConversations",
        value: String(limit),
        expected: "a whole number of at least 1",
      });
    }
    this.#db = db;
    this.#clock = options.clock ?? systemClock;
    this.#limit = limit;
  }

  async load(id: string): Promise<ConversationSnapshot | undefined> {
    checkId(id, "id");
    const row = await this.#db
      .selectFrom("nucleo_conversations")
      .select(["data", "version"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (row === undefined) {
      this.#remember(id, null);
      return undefined;
    }
    const source = `conversation ${JSON.stringify(id)} in nucleo_conversations`;
    const snapshot = parseConversationSnapshot(fromStoredJson(row.data, source), source);
    if (snapshot.id !== id)
      throw new SystemError({
        code: "corrupt_conversation",
        message: `The stored ${source} holds the snapshot of another conversation.`,
      });
    this.#remember(id, row.version);
    return snapshot;
  }

  async save(snapshot: ConversationSnapshot): Promise<void> {
    checkId(snapshot?.id, "snapshot.id");
    if (snapshot.temporary)
      throw new InvalidInputError({
        parameter: "snapshot.temporary",
        expected: "false: a temporary conversation is never stored",
      });
    const { id } = snapshot;
    const data = toStoredJson(snapshot);
    const updatedAt = new Date(this.#clock.now());
    const seen = this.#seen.get(id);
    let saved: { version: number } | undefined;
    if (seen === undefined) {
      // Not loaded here (or forgotten): the last writer wins.
      saved = await this.#db
        .insertInto("nucleo_conversations")
        .values({ id, data, updated_at: updatedAt })
        .onConflict((conflict) =>
          conflict.column("id").doUpdateSet((eb) => ({
            data,
            updated_at: updatedAt,
            version: eb("nucleo_conversations.version", "+", 1),
          })),
        )
        .returning("version")
        .executeTakeFirst();
    } else if (seen === null) {
      saved = await this.#db
        .insertInto("nucleo_conversations")
        .values({ id, data, updated_at: updatedAt })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .returning("version")
        .executeTakeFirst();
    } else {
      saved = await this.#db
        .updateTable("nucleo_conversations")
        .set((eb) => ({ data, updated_at: updatedAt, version: eb("version", "+", 1) }))
        .where("id", "=", id)
        .where("version", "=", seen)
        .returning("version")
        .executeTakeFirst();
    }
    if (saved === undefined) {
      this.#seen.delete(id);
      throw new SystemError({
        code: "conversation_conflict",
        message: `Conversation ${JSON.stringify(id)} was saved by another turn after this one ${seen === null ? "found it new" : `loaded it (version ${seen})`}; this turn's changes were not saved. Run the turn again to resume from the saved conversation.`,
      });
    }
    this.#remember(id, saved.version);
  }

  #remember(id: string, version: SeenVersion): void {
    this.#seen.delete(id);
    this.#seen.set(id, version);
    if (this.#seen.size > this.#limit) this.#seen.delete(this.#seen.keys().next().value!);
  }
}

function checkId(id: unknown, parameter: string): asserts id is string {
  if (typeof id !== "string" || id === "" || id.includes("\0"))
    throw new InvalidInputError({
      parameter,
      expected: "a non-empty conversation id without NUL characters",
    });
}
