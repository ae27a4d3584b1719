import type { CatalogEntry } from "@nucleo/catalog";
import { LLMCall, type Conversation, type LlmEnvironment } from "@nucleo/conversation";

/**
 * The model call of one turn, on the run's conversation, pinned when the thinker is (the options
 * name `pin` only then). `beforeRender` runs once the call knows its catalog entry, before the
 * request renders: the thinker sets the answer contract for that entry there.
 *
 * @internal
 */
export function turnCall(
  conversation: Conversation,
  environment: LlmEnvironment,
  pin: string | undefined,
  beforeRender: (entry: CatalogEntry) => void,
): LLMCall {
  return new LLMCall(
    pin === undefined
      ? { conversation, environment, beforeRender }
      : { conversation, environment, pin, beforeRender },
  );
}
