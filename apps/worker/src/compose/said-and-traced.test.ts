import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "@nucleo/testing";
import type { WorkflowTranscript } from "@nucleo/recorder-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWorkerConfig } from "../config/load-worker-config.js";
import { packageFile } from "../package-files.js";
import { Worker } from "./worker.js";

let folder = "";
let receiver: OtlpReceiver;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "nucleo-worker-said-"));
  receiver = await startOtlpReceiver();
});
afterAll(async () => {
  await receiver.close();
  await rm(folder, { recursive: true, force: true });
});

/** The worker's budget_check run (a thinker with a tool and a sub-thinker), read back two ways. */
async function runBudgetCheck(): Promise<{ transcript: WorkflowTranscript; rootId: string }> {
  const bundled = await loadWorkerConfig(packageFile("config/worker.json"));
  const config = {
    ...bundled,
    workflows: ["budget_check" as const],
    recorder: {
      pgliteDir: "pglite",
      content: { mode: "full" as const, redactPatterns: ["[Rr]ecount"] },
    },
    telemetry: {
      otlpEndpoint: receiver.baseUrl,
      serviceName: "nucleo-test-worker",
      content: "full" as const,
    },
  };
  const worker = await Worker.start({ config, env: {}, cwd: folder });
  try {
    const run = worker.submit("budget_check", { costs: [40, 70, 25], budget: 100 });
    const outcome = await run.settled;
    expect(outcome).toEqual({ ok: true, output: { total: 135, verdict: "over" } });
    await worker.recorder.recorder.flush();
    return { transcript: await worker.recorder.queries.workflowTranscript(run.id), rootId: run.id };
  } finally {
    await worker.close();
  }
}

describe("a workflow run by the worker is said and traced", () => {
  // Creating the PGlite folder takes seconds, more on a loaded machine.
  it("the run reads back from Postgres as a transcript and arrives at an OTLP receiver as a GenAI trace", {
    timeout: 120_000,
  }, async () => {
    const { transcript, rootId } = await runBudgetCheck();

    // The transcript: the workflow's input and output, each turn's prompt and answer, the tools' arguments and results.
    const [root] = transcript.jobs;
    expect(root).toMatchObject({ jobId: rootId, jobName: "budget_check", role: "agent" });
    expect(root!.input).toEqual({ costs: [40, 70, 25], budget: 100 });
    expect(root!.output).toEqual({ total: 135, verdict: "over" });
    const adds = transcript.jobs.filter((job) => job.jobName === "add");
    expect(adds.length).toBeGreaterThan(0);
    expect(adds.every((job) => job.input !== undefined && job.output !== undefined)).toBe(true);
    const turns = transcript.jobs.filter((job) => job.role === "model_call");
    const calls = turns.flatMap((job) => job.calls);
    expect(calls.length).toBe(turns.length);
    expect(calls.every((call) => call.content !== undefined)).toBe(true);
    const firstCall = calls[0]!.content!;
    expect(firstCall.system).toBeDefined();
    // The config's redaction ran before anything was written: the objective the thinker handed its
    // sub-thinker ("Recount these costs ...") is masked in the tool call, the sub-thinker's input and prompt.
    expect(JSON.stringify(transcript)).not.toMatch(/recount/i);
    expect(JSON.stringify(transcript)).toContain("[redacted] these costs");
    expect(
      transcript.jobs.some((job) => job.jobName === "sub_thinker" && job.role === "agent"),
    ).toBe(true);

    // The trace: one per workflow, spans named and parented as the conventions say.
    const spans = receiver.spans.filter((span) => span.attributes["nucleo.workflow.id"] === rootId);
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const parentName = (span: ReceivedSpan) => byId.get(span.parentSpanId ?? "")?.name ?? null;
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    const agent = spans.find((span) => span.name === "invoke_agent budget_check")!;
    expect(agent).toBeDefined();
    expect(parentName(agent)).toBeNull();
    expect(agent.resource["service.name"]).toBe("nucleo-test-worker");
    const chats = spans.filter((span) => span.attributes["gen_ai.operation.name"] === "chat");
    expect(chats.length).toBe(calls.length);
    expect(new Set(chats.map(parentName))).toEqual(
      new Set(["invoke_agent budget_check", "invoke_agent sub_thinker"]),
    );
    for (const chat of chats) {
      expect(chat.kind).toBe(3);
      expect(chat.attributes).toMatchObject({
        "gen_ai.provider.name": expect.any(String),
        "gen_ai.request.model": expect.any(String),
        "gen_ai.response.model": expect.any(String),
        "gen_ai.usage.input_tokens": expect.any(Number),
        "gen_ai.usage.output_tokens": expect.any(Number),
        "nucleo.cost": expect.stringMatching(/^\d+(\.\d+)?$/),
      });
      expect(chat.attributes["gen_ai.input.messages"]).toEqual(expect.any(String));
    }
    const tools = spans.filter((span) => span.name === "execute_tool add");
    expect(tools.length).toBe(adds.length);
    expect(new Set(tools.map(parentName))).toEqual(
      new Set(["invoke_agent budget_check", "invoke_agent sub_thinker"]),
    );
    expect(parentName(spans.find((span) => span.name === "invoke_agent sub_thinker")!)).toBe(
      "invoke_agent budget_check",
    );
    // The same redaction on the spans.
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toMatch(/recount/i);
    expect(JSON.stringify(spans.map((span) => span.attributes))).toContain(
      "[redacted] these costs",
    );
  });
});
