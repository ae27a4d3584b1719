// A thinker-like loop run for real: one conversation, an LLMCall per turn through a dispatcher,
// each tool call run as a job and its result added to the conversation, on a scripted model.
import {
  ConversationService,
  LLMCall,
  toolDefinition,
  type Conversation,
  type LlmClient,
  type LlmEnvironment,
  Parts,
} from "@nucleo/conversation";
import { AbstractDoer, AbstractTool, type JobContext, type RunObserver } from "@nucleo/core";
import { ScriptedLlmClient, testRuntime, type ScriptedAnswer } from "@nucleo/testing";
import { z } from "zod";

const SEAT = { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" } as const;
const LOOKUP = toolDefinition("lookup", "Looks a claim up.", {
  type: "object",
  properties: { n: { type: "number" } },
  required: ["n"],
});

/** The loop's tool: returns what it found for turn `n`. */
class Lookup extends AbstractTool<{ n: number }, string> {
  readonly name = "lookup";
  readonly input = z.object({ n: z.number() });
  readonly output = z.string();
  constructor(private readonly found: (n: number) => string) {
    super();
  }
  execute(input: { n: number }): string {
    return this.found(input.n);
  }
}

/** Asks the model until it stops calling tools; each call is an `LLMCall`, each tool call a job. */
class ToolLoop extends AbstractDoer<{ task: string }, string> {
  readonly name = "tool_loop";
  readonly input = z.object({ task: z.string() });
  readonly output = z.string();
  constructor(
    private readonly environment: LlmEnvironment,
    private readonly found: (n: number) => string,
    private readonly prepare: (conversation: Conversation) => void,
  ) {
    super();
  }
  async execute(input: { task: string }, context: JobContext): Promise<string> {
    const { environment } = this;
    const conversation = await new ConversationService({ environment }).obtain({ seat: SEAT });
    conversation.putMainObjective("Check the claim; look things up as you need.");
    conversation.addUser(input.task).setTools([LOOKUP]);
    this.prepare(conversation);
    for (;;) {
      const answer = await context.submitInStep(
        new LLMCall({ conversation, environment }),
        undefined,
      );
      if (answer.toolCalls.length === 0) return answer.text;
      const results = [];
      for (const call of answer.toolCalls) {
        const found = await context.submitInStep(
          new Lookup(this.found),
          call.arguments as { n: number },
        );
        results.push(Parts.toolResult(call.id, call.name, found));
      }
      conversation.addToolResults(results);
    }
  }
}

/** How a {@link runToolLoop} goes. */
export interface ToolLoopOptions {
  /** Model calls in all: each but the last calls `lookup`, the last answers. */
  readonly turns: number;
  readonly observers: readonly RunObserver[];
  readonly task?: string;
  /** The model's answer to call `call` (from 1), before its tool call is added. */
  readonly answer?: (call: number) => ScriptedAnswer;
  /** What the tool finds for turn `n`. */
  readonly found?: (n: number) => string;
  /** Changes the conversation before the first call (adds an image, say). */
  readonly prepare?: (conversation: Conversation) => void;
  /** Wraps the scripted client (one that holds a key, say). */
  readonly client?: (scripted: ScriptedLlmClient) => LlmClient;
}

/** Runs the loop to its end through a dispatcher with `observers`; returns the workflow's id and its events. */
export async function runToolLoop(options: ToolLoopOptions) {
  const { turns } = options;
  const answer = options.answer ?? ((call: number) => ({ content: `Turn ${call}: checking.` }));
  const scripted = new ScriptedLlmClient([], {
    otherwise: (_request, _binding, { call }) =>
      call < turns
        ? { ...answer(call), toolCalls: [{ name: "lookup", arguments: { n: call } }] }
        : { ...answer(call), content: `Done after ${call} calls.` },
  });
  const client = options.client?.(scripted) ?? scripted;
  const { dispatcher, environment, events } = testRuntime(client, {
    observers: options.observers,
  });
  const found = options.found ?? ((n: number) => `Claim ${n}: found in the register.`);
  const handle = dispatcher.submit(
    new ToolLoop(environment, found, options.prepare ?? (() => {})),
    { task: options.task ?? "Is claim 1 novel?" },
  );
  const text = await handle;
  return { rootId: handle.id, text, events };
}
