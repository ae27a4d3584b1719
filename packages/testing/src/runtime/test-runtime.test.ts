import { ConversationService, LLMCall } from "@nucleo/conversation";
import { CatalogError } from "@nucleo/catalog";
import { CostLedger } from "@nucleo/core";
import { ManualTimers } from "@nucleo/core/testing";
import { describe, expect, it } from "vitest";
import { ScriptedLlmClient } from "../scripted/scripted-llm-client.js";
import { testEntry } from "../fixtures/test-entry.js";
import { TEST_RUNTIME_ENTRIES, testRuntime } from "./test-runtime.js";

const SEAT = { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" } as const;

describe("testRuntime", () => {
  it("turns a script into a ScriptedLlmClient whose turns a model call through the dispatcher takes", async () => {
    const { client, dispatcher, environment, events } = testRuntime([
      ScriptedLlmClient.answer("Probably novel."),
    ]);
    const conversation = await new ConversationService({ environment }).obtain({ seat: SEAT });
    conversation.putMainObjective("Judge claim 1.").addUser("Claim 1: a lid on a hinge.");
    const output = await dispatcher.submit(new LLMCall({ conversation, environment }), undefined);
    expect(output).toMatchObject({ text: "Probably novel.", entryId: "medium" });
    expect(client).toBeInstanceOf(ScriptedLlmClient);
    expect(client.remaining).toBe(0);
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(["job.submitted", "seat.reserved", "llm.call", "job.finished"]),
    );
  });

  it("serves one entry per grade from SMALL to XL by default", () => {
    const { catalog } = testRuntime([]);
    expect(catalog.entries().map((entry) => [entry.id, entry.grade])).toEqual([
      ["small", "SMALL"],
      ["medium", "MEDIUM"],
      ["large", "LARGE"],
      ["xl", "XL"],
    ]);
    expect(TEST_RUNTIME_ENTRIES).toHaveLength(4);
  });

  it("answers every provider the catalog names with its one client", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer("from anthropic"),
      ScriptedLlmClient.answer("from openai"),
    ]);
    const entries = [
      testEntry({ id: "claude", provider: "anthropic", model: "claude-test" }),
      testEntry({ id: "gpt", provider: "openai", model: "gpt-test", grade: "LARGE" }),
    ];
    const { environment, dispatcher } = testRuntime(client, { entries });
    const service = new ConversationService({ environment });
    for (const grade of ["MEDIUM", "LARGE"] as const) {
      const conversation = await service.obtain({ seat: { ...SEAT, grade } });
      conversation.putMainObjective("Say where you are.").addUser("Where?");
      await dispatcher.submit(new LLMCall({ conversation, environment }), undefined);
    }
    expect(client.requests.map((request) => request.binding.entry.provider)).toEqual([
      "anthropic",
      "openai",
    ]);
  });

  it("runs admission, dispatcher and environment on the one clock it is given", async () => {
    const time = new ManualTimers(Date.parse("2026-11-29T12:00:00Z"));
    const { dispatcher, environment, events } = testRuntime([ScriptedLlmClient.answer("ok")], {
      time,
    });
    const conversation = await new ConversationService({ environment }).obtain({ seat: SEAT });
    conversation.putMainObjective("Answer.").addUser("Now.");
    await dispatcher.submit(new LLMCall({ conversation, environment }), undefined);
    expect(new Set(events.map((event) => event.at))).toEqual(
      new Set([Date.parse("2026-11-29T12:00:00Z")]),
    );
  });

  it("reports to the observers it is given as well as to its own events", async () => {
    const ledger = new CostLedger();
    const { dispatcher, environment } = testRuntime(
      [ScriptedLlmClient.answer("ok", { usage: { inputTokens: 1_000_000, outputTokens: 0 } })],
      { observers: [ledger] },
    );
    const conversation = await new ConversationService({ environment }).obtain({ seat: SEAT });
    conversation.putMainObjective("Answer.").addUser("Now.");
    const handle = dispatcher.submit(new LLMCall({ conversation, environment }), undefined);
    await handle;
    expect(ledger.totalFor(handle.id).cost.get("USD")?.toString()).toBe("1");
  });

  it("refuses an entry the catalog's schema refuses, naming where the entries came from", () => {
    expect(() =>
      testRuntime([], { entries: [{ ...TEST_RUNTIME_ENTRIES[0]!, contextWindow: -1 }] }),
    ).toThrow(CatalogError);
    expect(() =>
      testRuntime([], { entries: [{ ...TEST_RUNTIME_ENTRIES[0]!, contextWindow: -1 }] }),
    ).toThrow(/testRuntime entries/);
  });
});
