import type { CatalogEntryInput } from "@nucleo/catalog";
import { Parts, toolDefinition, type LlmRequest } from "@nucleo/conversation";
import { DEPTH_LADDER, type Depth } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { anthropicEntry, bindingFor, textRequest } from "../test-support/bindings.js";
import { toMessageParams } from "./to-message-params.js";

const lookup = toolDefinition("lookup", "Looks a word up.", { type: "object", properties: {} });
const adaptive = anthropicEntry({ thinkingMode: "adaptive" });
const budget = anthropicEntry();

/** A tool loop whose assistant turn is `assistant`, continued with the tool's result. */
function toolLoop(assistant: LlmRequest["messages"][number]["parts"]): LlmRequest {
  return textRequest("", {
    tools: [lookup],
    messages: [
      { role: "user", parts: [Parts.text("Q")] },
      { role: "assistant", parts: assistant },
      { role: "user", parts: [Parts.toolResult("toolu_1", "lookup", "found")] },
    ],
  });
}
const call = Parts.toolCall("toolu_1", "lookup", { word: "a" });

describe("thinking modes in the request body", () => {
  it("a budget entry sends thinking enabled with the seat's budget and no effort", () => {
    const params = toMessageParams(textRequest("x"), bindingFor(budget, "THOROUGH"));
    expect(params.thinking).toEqual({ type: "enabled", budget_tokens: 16_000 });
    expect(params.output_config).toBeUndefined();
  });

  it("an adaptive entry sends thinking adaptive with the depth's effort and no budget", () => {
    const send = (depth: Depth) => toMessageParams(textRequest("x"), bindingFor(adaptive, depth));
    expect(send("STANDARD").thinking).toEqual({ type: "adaptive" });
    expect(send("STANDARD").output_config).toEqual({ effort: "medium" });
    expect(send("THOROUGH").output_config).toEqual({ effort: "high" });
    // The budget rule's 1,024 minimum does not apply: any reasoning tokens at the depth think.
    expect(send("QUICK").output_config).toEqual({ effort: "low" });
  });

  it("an adaptive entry's own effort per depth wins over the default words", () => {
    const tuned = anthropicEntry({
      thinkingMode: "adaptive",
      thinkingEffort: { STANDARD: "xhigh", THOROUGH: "max" },
    });
    const effort = (depth: Depth) =>
      toMessageParams(textRequest("x"), bindingFor(tuned, depth)).output_config?.effort;
    expect([effort("QUICK"), effort("STANDARD"), effort("THOROUGH")]).toEqual([
      "low",
      "xhigh",
      "max",
    ]);
  });

  it("a depth that does not think sends neither thinking nor effort, in both modes", () => {
    for (const entry of [adaptive, budget, anthropicEntry({ nativeThinking: false })]) {
      const params = toMessageParams(textRequest("x"), bindingFor(entry, "IMMEDIATE"));
      expect(params.thinking).toBeUndefined();
      expect(params.output_config).toBeUndefined();
    }
  });

  it("forced tool use becomes auto while thinking is on, in both modes", () => {
    const forced = textRequest("x", { tools: [lookup], toolChoice: "required" });
    for (const entry of [adaptive, budget])
      expect(toMessageParams(forced, bindingFor(entry, "STANDARD")).tool_choice).toEqual({
        type: "auto",
      });
    expect(toMessageParams(forced, bindingFor(adaptive, "IMMEDIATE")).tool_choice).toEqual({
      type: "any",
    });
  });

  it("a budget call continuing an unsigned tool loop drops thinking; an adaptive one keeps it", () => {
    const unsigned = toolLoop([Parts.text("Looking."), call]);
    expect(toMessageParams(unsigned, bindingFor(budget, "STANDARD")).thinking).toBeUndefined();
    // Adaptive thinking is optional for the model on every step: a turn without it is one the
    // model could have written, so the loop keeps one thinking setting throughout.
    const kept = toMessageParams(unsigned, bindingFor(adaptive, "STANDARD"));
    expect(kept.thinking).toEqual({ type: "adaptive" });
    expect(kept.output_config).toEqual({ effort: "medium" });
  });
});

describe("thinking parts from other providers", () => {
  it("OpenAI reasoning items (parts with an itemId) are dropped, even with encrypted content", () => {
    const request = toolLoop([
      { type: "thinking", text: "Summary.", signature: "gAAAAB-encrypted", itemId: "rs_1" },
      { type: "thinking", text: "", itemId: "rs_2" },
      Parts.thinking("Mine.", "sig-1"),
      call,
    ]);
    expect(toMessageParams(request, bindingFor(budget, "STANDARD")).messages[1]!.content).toEqual([
      { type: "thinking", thinking: "Mine.", signature: "sig-1" },
      { type: "tool_use", id: "toolu_1", name: "lookup", input: { word: "a" } },
    ]);
  });

  it("a tool loop whose only thinking was OpenAI's is continued without a budget, as unsigned", () => {
    const request = toolLoop([
      { type: "thinking", text: "Summary.", signature: "gAAAAB-encrypted", itemId: "rs_1" },
      call,
    ]);
    const params = toMessageParams(request, bindingFor(budget, "STANDARD"));
    expect(params.messages[1]!.content).toEqual([
      { type: "tool_use", id: "toolu_1", name: "lookup", input: { word: "a" } },
    ]);
    expect(params.thinking).toBeUndefined();
  });
});

describe("a request never carries a mode its entry's model refuses", () => {
  const reasoningTokens = [0, 1, 512, 1_023, 1_024, 4_096, 16_000, 63_999, 64_000];
  const conversations: Record<string, LlmRequest> = {
    "one question": textRequest("x", { tools: [lookup], toolChoice: "required" }),
    "signed tool loop": toolLoop([Parts.thinking("Hm.", "sig"), call]),
    "unsigned tool loop": toolLoop([Parts.thinking("Elsewhere."), call]),
    "openai tool loop": toolLoop([{ type: "thinking", text: "", itemId: "rs_1" }, call]),
  };
  const cases = (["budget", "adaptive"] as const).flatMap((mode) =>
    reasoningTokens.flatMap((tokens) =>
      DEPTH_LADDER.flatMap((depth) =>
        Object.values(conversations).map((request) => ({ mode, tokens, depth, request })),
      ),
    ),
  );

  it.each(["budget", "adaptive"] as const)(
    "over every depth, budget and conversation: %s entries",
    (mode) => {
      let thought = 0;
      for (const { tokens, depth, request } of cases.filter((each) => each.mode === mode)) {
        const input: Partial<CatalogEntryInput> = {
          thinkingMode: mode,
          reasoningTokens: { [depth]: tokens },
        };
        const entry = anthropicEntry(input);
        const params = toMessageParams(request, bindingFor(entry, depth));
        const sent = JSON.stringify(params);
        if (mode === "budget") {
          expect(sent).not.toContain('"adaptive"');
          expect(params.output_config).toBeUndefined();
          if (params.thinking !== undefined) {
            expect(params.thinking).toEqual({ type: "enabled", budget_tokens: tokens });
            expect(tokens).toBeGreaterThanOrEqual(1_024);
            expect(tokens).toBeLessThan(params.max_tokens);
          }
        } else {
          expect(sent).not.toContain("budget_tokens");
          expect(sent).not.toContain('"enabled"');
          // Adaptive thinking and its effort travel together, and only where the depth thinks.
          expect(params.thinking === undefined).toBe(params.output_config === undefined);
          expect(params.thinking !== undefined).toBe(tokens > 0);
        }
        if (params.thinking !== undefined) thought++;
      }
      // The grid reaches thinking calls, not only silent ones.
      expect(thought).toBeGreaterThan(0);
    },
  );
});
