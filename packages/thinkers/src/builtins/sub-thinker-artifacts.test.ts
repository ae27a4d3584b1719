import { AbstractTool, ArtifactRegistry, defineArtifactType } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { ClassToolProvider } from "@nucleo/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  delegate,
  delegateAnswers,
  delegateJobs,
  sumAnswer,
} from "../test-support/delegation-fixtures.js";
import { resultsReadBy } from "../test-support/scripted-requests.js";
import { Summer, thinkerTestRuntime } from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "../thinker/abstract-thinker.js";

// The artifacts across a delegation: the delegate sees only those its input lists by ref, and
// what it registers and cites reaches its parent as ref, type and summary.

const Note = defineArtifactType("note", z.object({ text: z.string() }));

/** `put_note({text})`: registers a note artifact in the registry it was built over. */
class PutNote extends AbstractTool<{ text: string }, { ref: string }> {
  readonly name = "put_note";
  override readonly description = "Keep a note as an artifact.";
  readonly input = z.object({ text: z.string() });
  readonly output = z.object({ ref: z.string() });
  constructor(readonly registry: ArtifactRegistry) {
    super();
  }
  execute(input: { text: string }) {
    return { ref: this.registry.put(Note, input, `a note of ${input.text.length} characters`) };
  }
}

/**
 * `put_note` as a thinker offers it: each call registers into the artifacts of the thinker
 * making it (the creation context's), so a delegate's notes land in the delegate's registry and
 * its answer can cite them.
 */
const contextualPutNote = new ClassToolProvider(
  (context) => new PutNote(context.artifacts ?? new ArtifactRegistry()),
);

/** A summer that can keep notes; its delegates inherit the provider. */
class NoteKeeper extends Summer {
  constructor(options: ThinkerOptions) {
    super(options);
    this.addTools(contextualPutNote);
  }
}

function lastMessageText(client: ScriptedLlmClient, call: number): string {
  return client.requests[call]!.request.messages.at(-1)!
    .parts.map((part) => part.text)
    .join("\n");
}

describe("artifacts across the delegation", () => {
  function parentWithNotes() {
    const artifacts = new ArtifactRegistry();
    const alpha = artifacts.put(Note, { text: "ALPHA-VALUE" }, "the alpha note");
    const beta = artifacts.put(Note, { text: "BETA-VALUE" }, "the beta note");
    return { artifacts, alpha, beta };
  }

  it("seeds the delegate only with the artifacts its input lists by ref, not one its objective merely mentions", async () => {
    const { artifacts, alpha, beta } = parentWithNotes();
    const client = new ScriptedLlmClient([
      delegate(`Compare ${alpha} with ${beta}.`, [alpha]), // parent
      delegateAnswers("compared", [beta]), // delegate: beta was never conveyed
      delegateAnswers("compared", [alpha]), // delegate
      sumAnswer(0), // parent
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment, artifacts }), { numbers: [] });

    const seeded = lastMessageText(client, 1);
    expect(seeded).toContain(`${alpha} (note): the alpha note`);
    expect(seeded).not.toContain("the beta note");
    expect(lastMessageText(client, 2)).toContain('"answer.artifact_refs[0]"');
  });

  it("refuses an unknown ref as correctable without echoing it, and launches nothing", async () => {
    const canary = "note#canary_5e1d";
    const client = new ScriptedLlmClient([delegate("Look at it.", [canary]), sumAnswer(0)]);
    const { dispatcher, environment, events } = thinkerTestRuntime(client);
    await dispatcher.submit(new Summer({ environment }), { numbers: [] });
    const [result] = resultsReadBy(client, 1);
    expect(result).toMatchObject({ name: "sub_thinker", isError: true });
    expect(result!.text).toContain('"artifact_refs[0]"');
    expect(result!.text).not.toContain("canary");
    expect(delegateJobs(events)).toEqual([]);
  });

  it("a delegate's tools register into the delegate's artifacts; it cites them, the parent adopts them and reads them as ref, type and summary", async () => {
    const { artifacts, alpha } = parentWithNotes();
    const client = new ScriptedLlmClient([
      delegate("Write a note on the alpha note.", [alpha]), // parent
      ScriptedLlmClient.toolCall("put_note", { text: "GAMMA-SECRET-VALUE" }), // delegate
      delegateAnswers("wrote a note", ["note#3", alpha]), // delegate
      sumAnswer(0), // parent
    ]);
    const { dispatcher, environment } = thinkerTestRuntime(client);
    await dispatcher.submit(new NoteKeeper({ environment, artifacts }), { numbers: [] });

    expect(resultsReadBy(client, 2)).toEqual([
      expect.objectContaining({ text: '{"ref":"note#3"}' }),
    ]);
    expect(artifacts.get("note#3")).toMatchObject({
      summary: "a note of 18 characters",
      value: { text: "GAMMA-SECRET-VALUE" },
    });
    const [result] = resultsReadBy(client, 3);
    expect(result).toMatchObject({ name: "sub_thinker", isError: false });
    expect(JSON.parse(result!.text)).toEqual({
      summary: "wrote a note",
      reasoning: { approach: "worked it through", steps: ["one step"] },
      artifact_refs: [
        { ref: "note#3", type: "note", summary: "a note of 18 characters" },
        { ref: alpha, type: "note", summary: "the alpha note" },
      ],
    });
    expect(result!.text).not.toContain("SECRET");
  });
});
