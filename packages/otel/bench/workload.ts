/**
 * The thinker loop the overhead bench runs: a fresh chat thinker per run, one tool (`shout`),
 * a model that calls it once and then answers, at once; a catalog with limits no run reaches.
 * The same shape as the thinkers package's standard workload (two model calls, one tool job),
 * built from this package's development dependencies only.
 */
import { CatalogAdmission, parseCatalog } from "@nucleo/catalog";
import {
  ConversationService,
  LlmEnvironment,
  Parts,
  type LlmClient,
  type LlmRequest,
  type LlmResponse,
} from "@nucleo/conversation";
import { AbstractTool, JobDispatcher, ThinkerDeclaration, type RunObserver } from "@nucleo/core";
import { ChatTurnInput, ReactiveThinker, type ReactiveThinkerOptions } from "@nucleo/thinkers";
import { smallBenchEntry } from "@nucleo/tooling/bench";
import { ClassToolProvider } from "@nucleo/tools";

class Shout extends AbstractTool<ChatTurnInput, ChatTurnInput> {
  readonly name = "shout";
  override readonly description = "Say a message louder.";
  readonly input = ChatTurnInput;
  readonly output = ChatTurnInput;
  override readonly readOnly = true;
  execute({ message }: ChatTurnInput): ChatTurnInput {
    return { message: message.toUpperCase() };
  }
}

const shoutProvider = new ClassToolProvider(() => new Shout());

class Shouter extends ReactiveThinker {
  readonly name = "shouter";
  constructor(options: ReactiveThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "SMALL", output: "COMPACT" }), options);
    this.addTools(shoutProvider);
  }
  protected instructions(): string {
    return "Shout the user's message with the shout tool, then answer with what it returned.";
  }
}

const usage = { inputTokens: 200, outputTokens: 20 };
const CALL: LlmResponse = {
  content: "",
  toolCalls: [Parts.toolCall("call_1", "shout", { message: "hello" })],
  thinking: [],
  usage,
  stopReason: "tool_calls",
  providerModel: "zero",
};
const ANSWER: LlmResponse = {
  content: '{"reasoning":"shouted with the tool","answer":"HELLO"}',
  toolCalls: [],
  thinking: [],
  usage,
  stopReason: "end",
  providerModel: "zero",
};

/** Calls `shout` when the last turn is the user's prompt, answers once the result is in. */
const client: LlmClient = {
  async send(request: LlmRequest) {
    return request.messages.at(-1)!.parts[0]!.type === "tool_result" ? ANSWER : CALL;
  },
  async *stream(request, binding, signal) {
    return client.send(request, binding, signal);
  },
};

/** A dispatcher with `observers`, and one run of the workload on it. */
export function workload(observers: RunObserver[]): () => Promise<unknown> {
  const catalog = parseCatalog([smallBenchEntry()], "bench");
  const admission = new CatalogAdmission({ catalog });
  const environment = LlmEnvironment.from(admission, { openai: client });
  const dispatcher = new JobDispatcher({ admission, observers });
  const conversations = new ConversationService();
  return () => dispatcher.submit(new Shouter({ environment, conversations }), { message: "hello" });
}
