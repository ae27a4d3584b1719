import { Parts, responseContract, type Conversation } from "@nucleo/conversation";
import type { AttemptInfo, JobContext, JobResources } from "@nucleo/core";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toolTestRuntime } from "../test-support/tool-test-runtime.js";
import {
  AbstractModelDependentTool,
  type ModelDependentToolOptions,
} from "./abstract-model-dependent-tool.js";

const Caption = z.object({ caption: z.string() });
const CAPTION = responseContract("caption", Caption);

/** A tool whose prompt carries an image: built through the supplier form. */
class CaptionFigure extends AbstractModelDependentTool<
  { figure: string },
  z.infer<typeof Caption>
> {
  readonly name = "caption_figure";
  readonly input = z.object({ figure: z.string() });
  readonly output = Caption;
  builds = 0;
  constructor(options: ModelDependentToolOptions) {
    super({ grade: "MEDIUM", ...options });
  }
  override requirements(input: { figure: string }, attempt: AttemptInfo) {
    return this.wireConversationWith(
      attempt,
      { depth: "QUICK", output: "COMPACT", contract: CAPTION },
      (): Conversation => {
        this.builds += 1;
        const conversation = this.newConversation({
          depth: "QUICK",
          output: "COMPACT",
          contract: CAPTION,
        });
        return conversation
          .putMainObjective("Caption the figure.")
          .addUser([
            Parts.image("image/png", { kind: "base64", data: input.figure }),
            Parts.text("Figure 3."),
          ]);
      },
    );
  }
  async execute(_input: { figure: string }, resources: JobResources, context: JobContext) {
    return this.converse(resources, context);
  }
}

const TagInput = z.object({ sourceText: z.string(), userLabels: z.record(z.string(), z.string()) });

/** A tool whose prompt form renders an input with a record of user-chosen keys. */
class TagText extends AbstractModelDependentTool<
  z.infer<typeof TagInput>,
  z.infer<typeof Caption>
> {
  readonly name = "tag_text";
  readonly input = TagInput;
  readonly output = Caption;
  constructor(options: ModelDependentToolOptions) {
    super({ grade: "MEDIUM", ...options });
  }
  override requirements(input: z.infer<typeof TagInput>, attempt: AttemptInfo) {
    return this.wireConversation(
      input,
      attempt,
      { depth: "QUICK", output: "COMPACT", contract: CAPTION },
      "Tag the text.",
    );
  }
  async execute(_input: z.infer<typeof TagInput>, resources: JobResources, context: JobContext) {
    return this.converse(resources, context);
  }
}

describe("wiring a one-call tool's conversation", () => {
  it("the prompt form spells declared fields the wire's way and keeps a record's keys as the user wrote them", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.json({ caption: "x" })]);
    const { dispatcher, environment } = toolTestRuntime(client);
    await dispatcher.submit(new TagText({ environment }), {
      sourceText: "t",
      userLabels: { myLabel: "a", us_123: "b" },
    });
    const prompt = client.requests[0]!.request.messages.at(-1)!.parts[0]!.text!;
    expect(JSON.parse(prompt)).toEqual({
      source_text: "t",
      user_labels: { myLabel: "a", us_123: "b" },
    });
  });

  it("the supplier form builds the conversation once and corrects its answer like the prompt form", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer("A hinge."),
      ScriptedLlmClient.json({ caption: "A hinge, open." }),
    ]);
    const { dispatcher, environment } = toolTestRuntime(client);
    const tool = new CaptionFigure({ environment });
    await expect(dispatcher.submit(tool, { figure: "iVBORw0KGgo=" })).resolves.toEqual({
      caption: "A hinge, open.",
    });
    expect(tool.builds).toBe(1);
    expect(client.requests[0]!.request.messages[0]!.parts[0]).toMatchObject({
      type: "image",
      mediaType: "image/png",
    });
    expect(client.requests).toHaveLength(2);
  });

  it("askedWith reads back the instructions and the prompt the model was given, once wired", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.json({ caption: "x" })]);
    const { dispatcher, environment } = toolTestRuntime(client);
    const tool = new TagText({ environment });
    expect(tool.askedWith()).toBeUndefined();
    await dispatcher.submit(tool, { sourceText: "t", userLabels: {} });
    const asked = tool.askedWith()!;
    expect(asked.objective).toBe("Tag the text.");
    expect(JSON.parse(asked.prompt)).toEqual({ source_text: "t", user_labels: {} });
  });

  it("a pinned instance resolves to its entry, whatever its grade would pick", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.json({ caption: "x" })]);
    const { dispatcher, environment } = toolTestRuntime(client);
    const tool = new CaptionFigure({ environment });
    tool.pinModel("xl");
    await dispatcher.submit(tool, { figure: "iVBORw0KGgo=" });
    expect(client.requests[0]!.binding.entry.id).toBe("xl");
  });
});
