import type { LlmDelta, LlmResponse } from "./llm-client.js";

/**
 * Drains a client's stream, handing each delta to `onDelta`, and returns the final response
 * (the generator's return value).
 */
export async function collectStream(
  stream: AsyncGenerator<LlmDelta, LlmResponse, void>,
  onDelta: (delta: LlmDelta) => void = () => {},
): Promise<LlmResponse> {
  for (;;) {
    const step = await stream.next();
    if (step.done) return step.value;
    onDelta(step.value);
  }
}
