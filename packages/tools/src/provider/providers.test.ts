import { AbstractTool, InvalidInputError, JobDispatcher, ScopeGuard } from "@nucleo/core";
import { ConversationService } from "@nucleo/conversation";
import { ScriptedLlmClient } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AbstractModelDependentTool } from "../model/abstract-model-dependent-tool.js";
import { QuickLLMQuestionTool } from "../one-call/quick-llm-question-tool.js";
import { SummarizationTool } from "../one-call/summarization-tool.js";
import { toolTestRuntime } from "../test-support/tool-test-runtime.js";
import { ClassToolProvider } from "./class-tool-provider.js";
import { ForwardingToolProvider } from "./forwarding-tool-provider.js";
import { ToolHub } from "./tool-hub.js";
import { ToolRegistry } from "./tool-registry.js";

const ClaimsInput = z.object({
  publicationNumber: z.string().regex(/^EP\d+$/),
  maxClaims: z.number().int().optional(),
});

class ClaimsLookup extends AbstractTool<z.infer<typeof ClaimsInput>, { claimCount: number }> {
  readonly name: string = "claims_lookup";
  override readonly description = "Count a publication's claims.";
  readonly input = ClaimsInput;
  readonly output = z.object({ claimCount: z.number() });
  override readonly readOnly: boolean = true;
  execute(input: z.infer<typeof ClaimsInput>) {
    return { claimCount: input.maxClaims ?? 12 };
  }
}

class Writer extends ClaimsLookup {
  override readonly name = "file_amendment";
  override readonly readOnly = false;
}

describe("ClassToolProvider", () => {
  const provider = new ClassToolProvider(() => new ClaimsLookup());

  it("tells the model a JSON Schema generated from the zod input, in snake_case", () => {
    const schema = provider.inputSchema() as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(["publication_number", "max_claims"]);
    expect(schema.required).toEqual(["publication_number"]);
  });

  it("turns the model's snake_case arguments into the tool's camelCase input, and runs it", async () => {
    const { job, input } = provider.invoke({ publication_number: "EP1234567", max_claims: 3 }, {});
    expect(input).toEqual({ publicationNumber: "EP1234567", maxClaims: 3 });
    const output = await new JobDispatcher().submit(job, input);
    expect(provider.formatResult(output)).toBe('{"claim_count":3}');
  });

  it("arguments that fail the schema are a correctable error naming the parameter as the model knows it", () => {
    const attempt = () => provider.invoke({ publication_number: 42 }, {});
    expect(attempt).toThrow(InvalidInputError);
    expect(attempt).toThrow(/"publication_number": expected a string/);
  });

  it("readOnly() comes from the tool", () => {
    expect(provider.readOnly()).toBe(true);
    expect(new ClassToolProvider(() => new Writer()).readOnly()).toBe(false);
  });

  it("a one-call tool that declares no grade takes its parent's; one that declares a grade keeps it", () => {
    const { environment } = toolTestRuntime(new ScriptedLlmClient([]));
    class Undeclared extends AbstractModelDependentTool<{ text: string }, { text: string }> {
      readonly name = "undeclared";
      readonly input = z.object({ text: z.string() });
      readonly output = z.object({ text: z.string() });
      async execute() {
        return { text: "" };
      }
    }
    const undeclared = new ClassToolProvider(() => new Undeclared({ environment }));
    expect(
      (undeclared.invoke({ text: "x" }, { parentGrade: "LARGE" }).job as Undeclared).grade(),
    ).toBe("LARGE");
    expect(
      (
        undeclared.invoke({ text: "x" }, { parentGrade: "LARGE", parentPin: "large" })
          .job as Undeclared
      ).pinnedModel(),
    ).toBe("large");
    const declared = new ClassToolProvider(() => new SummarizationTool({ environment }));
    expect(
      (declared.invoke({ text: "x" }, { parentGrade: "LARGE" }).job as SummarizationTool).grade(),
    ).toBe("SMALL");
  });

  it("a child whose grade is known (declared, or from its input) never takes its parent's pin; only a gradeless one does", () => {
    const { environment } = toolTestRuntime(new ScriptedLlmClient([]));
    const parent = { parentGrade: "LARGE", parentPin: "large" } as const;
    const declared = new ClassToolProvider(() => new SummarizationTool({ environment })).invoke(
      { text: "x" },
      parent,
    ).job as SummarizationTool;
    expect([declared.grade(), declared.pinnedModel()]).toEqual(["SMALL", undefined]);
    const question = new ClassToolProvider(() => new QuickLLMQuestionTool({ environment })).invoke(
      { question: "Capital of France?", grade: "SMALL" },
      parent,
    ).job as QuickLLMQuestionTool;
    expect(question.pinnedModel()).toBeUndefined();
    expect(question.gradeFromInput({ question: "?", grade: "SMALL" })).toBe("SMALL");
    // A pin the child was created with is its own, whatever its grade.
    const ownPin = new ClassToolProvider(
      () => new QuickLLMQuestionTool({ environment, pin: "small" }),
    ).invoke({ question: "?", grade: "SMALL" }, parent).job as QuickLLMQuestionTool;
    expect(ownPin.pinnedModel()).toBe("small");
  });
});

describe("ForwardingToolProvider", () => {
  it("a wrapped read-only provider stays read-only, and a wrapped writer stays a writer", () => {
    const reader = new ForwardingToolProvider(new ClassToolProvider(() => new ClaimsLookup()));
    const writer = new ForwardingToolProvider(new ClassToolProvider(() => new Writer()));
    expect(reader.readOnly()).toBe(true);
    expect(writer.readOnly()).toBe(false);
    class Renamed extends ForwardingToolProvider {
      override readonly name = "count_claims";
    }
    expect(new Renamed(reader).readOnly()).toBe(true);
    expect(new Renamed(writer).readOnly()).toBe(false);
  });
});

describe("ToolRegistry", () => {
  it("register and unregister are no-ops when the registry is already in the desired state", () => {
    const registry = new ToolRegistry();
    const provider = new ClassToolProvider(() => new ClaimsLookup());
    registry.register(provider);
    const version = registry.version;
    registry.register(provider);
    registry.unregister("not_there");
    expect(registry.version).toBe(version);
    expect(registry.providers()).toEqual([provider]);
    registry.unregister("claims_lookup");
    expect(registry.version).toBe(version + 1);
    registry.unregister("claims_lookup");
    expect(registry.version).toBe(version + 1);
  });

  it("hands the conversation the tools' definitions, each built once", () => {
    const registry = new ToolRegistry().register(new ClassToolProvider(() => new ClaimsLookup()));
    const [definition] = registry.definitions();
    expect(definition).toMatchObject({
      name: "claims_lookup",
      description: "Count a publication's claims.",
    });
    expect(registry.definitions()[0]).toBe(definition);
  });
});

describe("ToolHub", () => {
  const skills = [
    {
      name: "claim_charts",
      description: "How to chart claims.",
      text: "Chart each claim element by element.",
    },
    { name: "litigation", description: "Litigation strategy.", text: "Secret strategy." },
  ];

  it("admits requested skills onto the conversation: their text rides the preamble of every later call", async () => {
    const hub = new ToolHub().addSkills(...skills);
    const conversation = await new ConversationService().obtain({
      seat: { grade: "SMALL", depth: "QUICK", output: "VERDICT" },
    });
    const result = hub.requestSkills(["claim_charts", "unknown_skill"], {
      conversation,
      scope: ScopeGuard.OPEN,
    });
    expect(result).toEqual({
      admitted: ["claim_charts"],
      refused: [{ name: "unknown_skill", reason: "no such skill in the catalog" }],
    });
    expect(conversation.preamble()).toEqual([
      ["claim_charts", "Chart each claim element by element."],
    ]);
  });

  it("skill admission rules can refuse, with a reason", async () => {
    const hub = new ToolHub()
      .addSkills(...skills)
      .registerSkillAdmission((skill, { scope }) =>
        skill.name === "litigation" && scope.readOnly ? "not for read-only work" : undefined,
      );
    const conversation = await new ConversationService().obtain({
      seat: { grade: "SMALL", depth: "QUICK", output: "VERDICT" },
    });
    const readOnly = ScopeGuard.OPEN.narrow({ readOnly: true }, new Set());
    expect(hub.requestSkills(["litigation"], { conversation, scope: readOnly }).refused).toEqual([
      { name: "litigation", reason: "not for read-only work" },
    ]);
    expect(conversation.preamble()).toEqual([]);
  });

  it("keeps the compatible-tool catalog a thinker may request from", () => {
    const provider = new ClassToolProvider(() => new ClaimsLookup());
    expect([...new ToolHub().addCompatibleTools(provider).compatibleTools().keys()]).toEqual([
      "claims_lookup",
    ]);
  });
});
