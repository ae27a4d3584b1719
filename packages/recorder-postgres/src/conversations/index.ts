export {
  PostgresConversationStore,
  type PostgresConversationStoreOptions,
} from "./postgres-conversation-store.js";
