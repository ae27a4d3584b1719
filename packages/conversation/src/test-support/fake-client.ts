// A minimal scripted client for this package's own tests. (@nucleo/testing has the full
// ScriptedLlmClient, but it depends on this package, so it cannot be used here.)
import type {
  LlmBinding,
  LlmClient,
  LlmDelta,
  LlmRequest,
  LlmResponse,
} from "../client/llm-client.js";

export type FakeTurn =
  | Partial<LlmResponse>
  | Error
  | ((request: LlmRequest, binding: LlmBinding) => Partial<LlmResponse>);

export class FakeClient implements LlmClient {
  readonly calls: Array<{ request: LlmRequest; binding: LlmBinding }> = [];
  constructor(private readonly script: FakeTurn[]) {}

  async send(request: LlmRequest, binding: LlmBinding): Promise<LlmResponse> {
    this.calls.push({ request, binding });
    const turn = this.script.shift();
    if (turn === undefined)
      throw new Error(`FakeClient: no scripted turn for call ${this.calls.length}`);
    if (turn instanceof Error) throw turn;
    const partial = typeof turn === "function" ? turn(request, binding) : turn;
    return {
      content: "",
      toolCalls: [],
      thinking: [],
      stopReason: "end",
      providerModel: binding.entry.model,
      usage: { inputTokens: 100, outputTokens: 20 },
      ...partial,
    };
  }

  async *stream(
    request: LlmRequest,
    binding: LlmBinding,
  ): AsyncGenerator<LlmDelta, LlmResponse, void> {
    const response = await this.send(request, binding);
    for (const word of response.content.split(/(?<= )/))
      if (word) yield { type: "text", text: word };
    return response;
  }
}
