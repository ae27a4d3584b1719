/**
 * What the client's options say about every request it builds, whatever the entry.
 *
 * @internal
 */
export interface RequestSettings {
  /** The deployment's prompt-caching switch (`OpenAiClientOptions.promptCache`, default true). */
  readonly promptCache: boolean;
  /**
   * Whether Responses API calls ask reasoning models for a summary of their reasoning
   * (`OpenAiClientOptions.reasoningSummaries`, default false).
   */
  readonly reasoningSummaries: boolean;
}

/** The settings of a client built without options. @internal */
export const DEFAULT_REQUEST_SETTINGS: RequestSettings = {
  promptCache: true,
  reasoningSummaries: false,
};
