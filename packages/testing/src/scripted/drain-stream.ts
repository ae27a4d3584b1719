import { collectStream, type LlmDelta, type LlmResponse } from "@nucleo/conversation";

/** Drains a client's stream for a test: every delta in order, and the final response. */
export async function drainStream(
  stream: AsyncGenerator<LlmDelta, LlmResponse, void>,
): Promise<{ deltas: LlmDelta[]; response: LlmResponse }> {
  const deltas: LlmDelta[] = [];
  const response = await collectStream(stream, (delta) => deltas.push(delta));
  return { deltas, response };
}
