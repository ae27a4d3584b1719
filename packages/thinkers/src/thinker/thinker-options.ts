import type { ArtifactRegistry } from "@nucleo/core";
import type { ConversationService, LlmEnvironment } from "@nucleo/conversation";
import type { ToolHub } from "@nucleo/tools";

/** What every thinker is built with besides its declaration. */
export interface ThinkerOptions {
  /** The deployment's picker, token counters, clients and clock. */
  readonly environment: LlmEnvironment;
  /** Compatible tools (`request_tools`) and skills (`request_skill`); omit for neither door. */
  readonly hub?: ToolHub;
  /** Compacts the conversation past its comfort window when it has a summarizer. */
  readonly conversations?: ConversationService;
  /** Pins every model call of the thinker to one catalog entry. */
  readonly pin?: string;
  /** The most model turns one run may take before it fails. Default {@link DEFAULT_MAX_TURNS}. */
  readonly maxTurns?: number;
  /** The run's artifacts (a delegate gets its parent's, filtered). Default: a new registry. */
  readonly artifacts?: ArtifactRegistry;
}

/** How many model turns a run may take before it ends with an error. */
export const DEFAULT_MAX_TURNS = 40;
