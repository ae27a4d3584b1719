import type { ConversationSnapshot } from "../model/conversation.js";

/**
 * Where durable conversations live between jobs. In memory here; the Postgres recorder
 * provides the shared one.
 */
export interface ConversationStore {
  load(id: string): Promise<ConversationSnapshot | undefined>;
  save(snapshot: ConversationSnapshot): Promise<void>;
}

/** A {@link ConversationStore} in process memory (snapshots are kept as given; turns are immutable). */
export class InMemoryConversationStore implements ConversationStore {
  readonly #snapshots = new Map<string, ConversationSnapshot>();

  async load(id: string): Promise<ConversationSnapshot | undefined> {
    return this.#snapshots.get(id);
  }

  async save(snapshot: ConversationSnapshot): Promise<void> {
    this.#snapshots.set(snapshot.id, snapshot);
  }
}
