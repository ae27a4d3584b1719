import type { ArtifactRegistry, Depth, Grade } from "@nucleo/core";
import type { Conversation, ConversationService, LlmEnvironment } from "@nucleo/conversation";
import type { Skill, ToolHub, ToolProvider } from "@nucleo/tools";

/**
 * @internal The symbol under which a thinker hands its delegate what it inherits. A private
 * symbol, not a registered one: what it opens (the environment, the artifacts, the
 * conversation) is for this package's delegation door only.
 */
export const DELEGATION = Symbol("nucleo.thinker.delegation");

/** What a sub-thinker inherits from the thinker that launched it. */
export interface DelegationSeed {
  readonly environment: LlmEnvironment;
  readonly hub: ToolHub | undefined;
  /** The parent's grade: a delegate works at its parent's rung. */
  readonly grade: Grade;
  /** The parent's pin: a delegate has no grade of its own, so it runs where its parent runs. */
  readonly pin: string | undefined;
  readonly depth: Depth;
  /** The parent's tool providers, the two catalog doors and its own `sub_thinker` left out. */
  readonly providers: readonly ToolProvider[];
  /** The parent's reconciled catalogs at launch: the delegate's doors offer exactly these. */
  readonly toolCatalog: ReadonlyMap<string, ToolProvider>;
  readonly skillCatalog: ReadonlyMap<string, Skill>;
  readonly artifacts: ArtifactRegistry;
  /** The parent's conversation: the skills it admitted carry over to the delegate. */
  readonly conversation: Conversation | undefined;
  /** The parent's conversation service, so a delegate compacts the way its parent does. */
  readonly conversations: ConversationService | undefined;
}
