// examples/traced-thinker.ts
import { ThinkerDeclaration } from "@nucleo/core";
import { ConversationService } from "@nucleo/conversation";
import { GenAiTraceObserver } from "@nucleo/otel";
import { ScriptedLlmClient, testRuntime } from "@nucleo/testing";
import { ReactiveThinker, type ReactiveThinkerOptions } from "@nucleo/thinkers";
import { ClassToolProvider, QuickLLMQuestionTool } from "@nucleo/tools";
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
  type ReadableSpan,
} from "@opentelemetry/sdk-trace";

// Your SDK, your exporter: here spans are kept in memory (in a deployment, a BatchSpanProcessor
// around an OTLPTraceExporter). The observer needs only a tracer.
const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
const observer = new GenAiTraceObserver({
  tracer: provider.getTracer("my-app"),
  content: "full", // the default, "metadata", exports nothing that was said
});

// A chat thinker that can ask a one-call tool a question.
class Helper extends ReactiveThinker {
  readonly name = "helper";
  constructor(options: ReactiveThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
    this.addTools(new ClassToolProvider(() => new QuickLLMQuestionTool(options)));
  }
  protected instructions(): string {
    return "Answer the user; ask quick_llm_question what you do not know.";
  }
}

// The model's turns, scripted (no key, no server): the helper asks, the tool's model answers,
// the helper answers.
const usage = { inputTokens: 120, outputTokens: 12 };
const { dispatcher, environment } = testRuntime(
  [
    ScriptedLlmClient.toolCall(
      "quick_llm_question",
      { question: "Capital of France?", grade: "SMALL" },
      { usage },
    ),
    ScriptedLlmClient.json({ answer: "Paris." }, { usage }),
    ScriptedLlmClient.json({ reasoning: "The tool said so.", answer: "Paris." }, { usage }),
  ],
  { observers: [observer] },
);
const helper = new Helper({ environment, conversations: new ConversationService() });
console.log(await dispatcher.submit(helper, { message: "What is the capital of France?" })); // Paris.

// The trace: a span per agent, tool and model call, parented by job lineage.
const spans = exporter.getFinishedSpans();
const childrenOf = (parent: ReadableSpan | undefined) =>
  spans.filter((span) => span.parentSpanContext?.spanId === parent?.spanContext().spanId);
const tree = (parent?: ReadableSpan, indent = ""): string[] =>
  childrenOf(parent).flatMap((span) => [`${indent}${span.name}`, ...tree(span, `${indent}  `)]);
console.log(tree()); // [ 'invoke_agent helper', '  chat medium', '  execute_tool quick_llm_question', '    chat small', '  chat medium' ]

// A model call's attributes: the conventions' names, cost in Nucleo's namespace, and (content
// "full") what was said in the conventions' JSON form.
const { attributes } = spans.find((span) => span.name === "chat small")!;
console.log(attributes["gen_ai.provider.name"], attributes["gen_ai.usage.input_tokens"]); // openai 120
console.log(attributes["nucleo.cost"], attributes["nucleo.cost.currency"]); // 0.000168 USD
console.log(attributes["gen_ai.output.messages"]); // [{"role":"assistant","parts":[{"type":"text","content":"{\"answer\":\"Paris.\"}"}],"finish_reason":"stop"}]
