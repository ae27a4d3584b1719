import type { Conversation } from "@nucleo/conversation";
import type { ScopeGuard } from "@nucleo/core";
import type { ToolProvider } from "./tool-provider.js";

/** A skill: text that, once admitted, rides the preamble of every later call. */
export interface Skill {
  /** snake_case, as `request_skill` offers it. */
  readonly name: string;
  readonly description: string;
  readonly text: string;
}

/** What an admission rule sees. */
export interface SkillAdmissionContext {
  readonly conversation: Conversation;
  readonly scope: ScopeGuard;
}

/** A rule that may refuse a skill; answer a reason to refuse, or `undefined` to let it pass. */
export type SkillAdmissionRule = (
  skill: Skill,
  context: SkillAdmissionContext,
) => string | undefined;

/** What `requestSkills` did with each name. */
export interface SkillRequestResult {
  readonly admitted: readonly string[];
  readonly refused: ReadonlyArray<{ readonly name: string; readonly reason: string }>;
}

/**
 * The catalogs a thinker may draw on beyond its declared tools: compatible tools (offered
 * through `request_tools`) and skills (offered through `request_skill`), with the rules that
 * decide which skills a given conversation may admit.
 */
export class ToolHub {
  readonly #tools = new Map<string, ToolProvider>();
  readonly #skills = new Map<string, Skill>();
  readonly #rules: SkillAdmissionRule[] = [];

  /** Adds tools to the compatible-tool catalog. */
  addCompatibleTools(...providers: ToolProvider[]): this {
    for (const provider of providers) this.#tools.set(provider.name, provider);
    return this;
  }

  /** The compatible tools, by name, in the order they were added. */
  compatibleTools(): ReadonlyMap<string, ToolProvider> {
    return this.#tools;
  }

  /** Adds skills to the skill catalog. */
  addSkills(...skills: Skill[]): this {
    for (const skill of skills) this.#skills.set(skill.name, Object.freeze({ ...skill }));
    return this;
  }

  /** The skills, by name, in the order they were added. */
  skills(): ReadonlyMap<string, Skill> {
    return this.#skills;
  }

  /** Adds a rule every skill request must pass. */
  registerSkillAdmission(rule: SkillAdmissionRule): this {
    this.#rules.push(rule);
    return this;
  }

  /**
   * Runs the admission rules for each requested skill and attaches every admitted one to
   * `conversation`: its text rides the preamble of every later call. Unknown names are
   * refused, never guessed.
   */
  requestSkills(names: readonly string[], context: SkillAdmissionContext): SkillRequestResult {
    const admitted: string[] = [];
    const refused: Array<{ name: string; reason: string }> = [];
    for (const name of new Set(names)) {
      const skill = this.#skills.get(name);
      if (!skill) {
        refused.push({ name, reason: "no such skill in the catalog" });
        continue;
      }
      const reason = this.#rules
        .map((rule) => rule(skill, context))
        .find((answer) => answer !== undefined);
      if (reason !== undefined) {
        refused.push({ name, reason });
        continue;
      }
      context.conversation.admitSkill(skill.name, skill.text);
      admitted.push(name);
    }
    return { admitted, refused };
  }
}
