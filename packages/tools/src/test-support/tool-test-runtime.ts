// The runtime this package's tests run tools in.
import type { LlmClient } from "@nucleo/conversation";
import { ManualTimers } from "@nucleo/core/testing";
import { testRuntime } from "@nucleo/testing";

/**
 * A `testRuntime` around `client` (an OpenAI entry per grade, `small` to `xl`) on manual time
 * from 2026-11-29 12:00 UTC: catalog, admission, environment, dispatcher, its events, and `time`.
 */
export function toolTestRuntime(client: LlmClient) {
  const time = new ManualTimers(Date.parse("2026-11-29T12:00:00Z"));
  return { time, ...testRuntime(client, { time }) };
}
