// Helpers for reading what a client call produced. Not exported from the package.
import type { LlmDelta, LlmResponse } from "@nucleo/conversation";

/** Drains a stream: every delta, then the generator's return value. */
export async function drain(stream: AsyncGenerator<LlmDelta, LlmResponse, void>): Promise<{ deltas: LlmDelta[]; response: LlmResponse }> {
  const deltas: LlmDelta[] = [];
  for (;;) {
    const step = await stream.next();
    if (step.done) return { deltas, response: step.value };
    deltas.push(step.value);
  }
}

/** What `run` rejected with; fails the test when it resolves. */
export async function rejectionOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail, but it succeeded");
}
