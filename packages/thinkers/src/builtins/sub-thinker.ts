import { Depth, ThinkerDeclaration, type ArtifactRegistry, type JobContext } from "@nucleo/core";
import type { Conversation } from "@nucleo/conversation";
import type { Skill, ToolProvider } from "@nucleo/tools";
import type { DelegationSeed } from "../thinker/delegation-seed.js";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import { SubThinkerInput } from "./sub-thinker-provider.js";
import { SubThinkerOutput } from "./sub-thinker-output.js";

export { SubThinkerOutput } from "./sub-thinker-output.js";

/**
 * The runtime delegate behind `sub_thinker`. It works at its parent's grade and pin — it has no
 * grade of its own, so like a gradeless one-call tool it runs exactly where its parent runs (on a
 * benchmark candidate's pin, where the picker sends it in the reference) — with the
 * parent's tool providers, its doors offering exactly the catalogs the parent's offered at
 * launch; its artifacts are the parent's filtered to the refs its input lists. Its own output
 * budget is sized to {@link SubThinkerOutput} — budgets never propagate. It may delegate
 * further only at `THOROUGH`. The artifacts its answer lists are handed to the parent.
 */
export class SubThinker extends SingleObjectiveThinker<SubThinkerInput, SubThinkerOutput> {
  readonly name = "sub_thinker";
  override readonly description = "A delegate working on one objective with its parent's tools.";
  readonly input = SubThinkerInput;
  readonly output = SubThinkerOutput;
  readonly #toolCatalog: ReadonlyMap<string, ToolProvider>;
  readonly #skillCatalog: ReadonlyMap<string, Skill>;
  readonly #parentArtifacts: ArtifactRegistry;
  readonly #parentSkills: ReadonlyArray<readonly [string, string]>;

  constructor(seed: DelegationSeed, input: SubThinkerInput) {
    super(ThinkerDeclaration.of({ grade: seed.grade, output: "STANDARD" }), {
      environment: seed.environment,
      ...(seed.hub ? { hub: seed.hub } : {}),
      ...(seed.pin === undefined ? {} : { pin: seed.pin }),
      ...(seed.conversations ? { conversations: seed.conversations } : {}),
      artifacts: seed.artifacts.filter(input.artifactRefs),
    });
    this.#toolCatalog = seed.toolCatalog;
    this.#skillCatalog = seed.skillCatalog;
    this.#parentArtifacts = seed.artifacts;
    this.#parentSkills = seed.conversation?.preamble() ?? [];
    this.addTools(...seed.providers);
  }

  protected override delegationThreshold(): Depth {
    return Depth.THOROUGH;
  }

  protected override hubCatalogs(): {
    readonly tools: ReadonlyMap<string, ToolProvider>;
    readonly skills: ReadonlyMap<string, Skill>;
  } {
    return { tools: this.#toolCatalog, skills: this.#skillCatalog };
  }

  protected task(input: SubThinkerInput): string {
    return [
      "You are a delegate: another agent handed you one piece of its task. Work on it with your tools and answer for that agent.",
      `Objective:\n${input.objective}`,
    ].join("\n\n");
  }

  protected override prompt(input: SubThinkerInput): string {
    const conveyed = input.artifactRefs.map((ref) => {
      const artifact = this.artifacts.get(ref)!;
      return `- ${ref} (${artifact.type.name}): ${artifact.summary}`;
    });
    return conveyed.length === 0
      ? "No artifacts were conveyed to you."
      : `Artifacts conveyed to you:\n${conveyed.join("\n")}`;
  }

  /** The delegate's conversation carries the skills its parent had admitted at launch. */
  protected override openConversation(
    input: SubThinkerInput,
    seat: Conversation["seat"],
    context: JobContext,
  ): Conversation {
    const conversation = super.openConversation(input, seat, context);
    for (const [name, text] of this.#parentSkills) conversation.admitSkill(name, text);
    return conversation;
  }

  protected override publishAnswer(answer: SubThinkerOutput): void {
    this.#parentArtifacts.adopt(answer.artifactRefs.map((ref) => this.artifacts.get(ref)!));
  }
}
