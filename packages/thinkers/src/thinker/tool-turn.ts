import type { ChildSubmitOptions, JobContext } from "@nucleo/core";
import {
  Parts,
  type Conversation,
  type ToolCallPart,
  type ToolResultPart,
} from "@nucleo/conversation";
import type { ToolCreationContext, ToolProvider, ToolRegistry } from "@nucleo/tools";
import type { ReadOnlyBinding } from "./read-only-binding.js";
import { refusedCall } from "./refused-call.js";

/** What a run's tool calls run with. @internal */
export interface ToolTurn {
  readonly context: JobContext;
  readonly conversation: Conversation;
  readonly binding: ReadOnlyBinding;
  readonly childOptions: ChildSubmitOptions;
  readonly creation: ToolCreationContext;
}

/**
 * Runs one model turn's tool calls in parallel under the turn's step ordinal and appends their
 * results as one message. Each call meets the read-only binding's admission check first, then
 * the thinker's `validate` hook: the check sits here, outside every hook, so an override cannot
 * drop it. A refused or failed call becomes a result the model reads.
 *
 * @internal
 */
export async function runToolCalls(
  calls: readonly ToolCallPart[],
  turn: ToolTurn,
  tools: ToolRegistry,
  validate: (call: ToolCallPart, provider: ToolProvider) => void,
): Promise<void> {
  const results: ToolResultPart[] = new Array(calls.length);
  const running: Promise<void>[] = [];
  for (let index = 0; index < calls.length; index++) {
    const call = calls[index]!;
    let provider: ToolProvider;
    let invocation: ReturnType<ToolProvider["invoke"]>;
    try {
      provider = turn.binding.admit(call, tools);
      validate(call, provider);
      invocation = provider.invoke(call.arguments, turn.creation);
    } catch (error) {
      results[index] = refusedCall(call, error);
      continue;
    }
    const format = provider;
    running.push(
      turn.context.submitInCurrentStep(invocation.job, invocation.input, turn.childOptions).then(
        (output) => {
          results[index] = Parts.toolResult(call.id, call.name, format.formatResult(output));
        },
        (error: unknown) => {
          if (turn.context.signal.aborted) throw error;
          results[index] = refusedCall(call, error);
        },
      ),
    );
  }
  // One call (the common turn) is awaited as it is: no list of one promise to settle.
  if (running.length === 1) await running[0];
  else await Promise.all(running);
  turn.conversation.addToolResults(results);
}
