/** The floor: the standard workload written by hand, with zod validation and nothing else. */
import { z } from "zod";
import { scriptedClient } from "./workload.ts";
import type { LlmRequest } from "@nucleo/conversation";

const Input = z.object({ a: z.number(), b: z.number() });
const Args = z.object({ a: z.number(), b: z.number() });
const Answer = z.object({ reasoning: z.string(), answer: z.object({ total: z.number() }) });

/** One run of the workload without a framework, around a model that answers after `latencyMs`. */
export function bareLoop(
  latencyMs = 0,
  onFirstCall?: (count: number) => void,
): { run: () => Promise<unknown>; resetFirstCalls: () => void } {
  const client = scriptedClient(latencyMs, onFirstCall);
  const signal = new AbortController().signal;
  const run = async () => {
    const input = Input.parse({ a: 2, b: 3 });
    const messages: LlmRequest["messages"][number][] = [
      { role: "user", parts: [{ type: "text", text: JSON.stringify(input) }] },
    ];
    const binding = undefined as never;
    for (;;) {
      const response = await client.send(
        { system: { text: "Add the numbers." }, messages, tools: [] },
        binding,
        signal,
      );
      if (response.toolCalls.length === 0) return Answer.parse(JSON.parse(response.content)).answer;
      messages.push({ role: "assistant", parts: [...response.toolCalls] });
      const results = response.toolCalls.map((call) => {
        const args = Args.parse(call.arguments);
        return {
          type: "tool_result" as const,
          callId: call.id,
          name: call.name,
          text: JSON.stringify({ sum: args.a + args.b }),
          isError: false,
        };
      });
      messages.push({ role: "user", parts: results });
    }
  };
  return { run, resetFirstCalls: client.resetFirstCalls };
}
