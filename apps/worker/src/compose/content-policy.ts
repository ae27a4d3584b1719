import { checkContentPolicy, type ContentPolicy } from "@nucleo/core";
import type { ContentPolicyConfig } from "../config/worker-config.js";

/** What a redacted match is replaced with. */
export const REDACTED = "[redacted]";

/**
 * Core's content policy from the config's: the patterns (already checked to compile when the
 * config was loaded) become one redaction hook that replaces every match with `[redacted]`,
 * in every field, before the recorder writes or the telemetry exports anything.
 */
export function contentPolicyFrom(config: ContentPolicyConfig): ContentPolicy {
  const patterns = (config.redactPatterns ?? []).map((source) => new RegExp(source, "gu"));
  // Through core's check too, so the file's schema and core's rules cannot drift apart.
  return checkContentPolicy(
    {
      mode: config.mode,
      ...(config.maxFieldChars !== undefined && { maxFieldChars: config.maxFieldChars }),
      ...(patterns.length > 0 && {
        redact: (text: string) =>
          patterns.reduce((kept, pattern) => kept.replace(pattern, REDACTED), text),
      }),
    },
    "recorder.content",
  );
}
