// examples/scripted-client.ts
import { ScriptedLlmClient, testBinding, testRequest } from "@nucleo/testing";

const client = new ScriptedLlmClient([
  ScriptedLlmClient.toolCall("search", { query: "rolling windows" }),
  ScriptedLlmClient.throttle(2_000),
  ScriptedLlmClient.json(
    { answer: "a sliding log" },
    { usage: { inputTokens: 120, outputTokens: 9 } },
  ),
]);
const signal = new AbortController().signal;

const first = await client.send(testRequest("How do rate limits work?"), testBinding(), signal);
console.log(first.stopReason, first.toolCalls[0]?.id, first.toolCalls[0]?.arguments); // tool_calls call_1 { query: 'rolling windows' }

const throttled = await client
  .send(testRequest("And now?"), testBinding(), signal)
  .catch((error: Error) => error.message);
console.log(throttled); // scripted is throttling requests

// stream() yields the answer in pieces, then returns the same response send() would.
const stream = client.stream(testRequest("Once more"), testBinding(), signal);
const pieces: string[] = [];
let next = await stream.next();
for (; !next.done; next = await stream.next())
  if (next.value.type === "text") pieces.push(next.value.text);
console.log(pieces.join(""), next.value.usage); // {"answer":"a sliding log"} { inputTokens: 120, outputTokens: 9 }

console.log(client.requests.length, client.remaining); // 3 0
const exhausted = await client
  .send(testRequest("One too many"), testBinding(), signal)
  .catch((error: Error) => error.message);
console.log(exhausted); // ScriptedLlmClient: call 4 has no scripted turn (the script held 3).
