import { AbstractTool, type JobContext, type JobResources } from "@nucleo/core";
import type { Skill, SkillRequestResult, ToolInvocation } from "@nucleo/tools";
import { z } from "zod";
import { CatalogDoorProvider } from "./catalog-door-provider.js";

/** The name the model calls the skill door by. */
export const REQUEST_SKILL = "request_skill";

const SkillInput = z.object({ skillNames: z.array(z.string()).min(1) });
type SkillInput = z.infer<typeof SkillInput>;

/** Admits skills onto the thinker's conversation through the hub's admission rules. */
export type AdmitSkills = (names: readonly string[]) => SkillRequestResult;

/** The job behind one `request_skill` call. */
class AdmitSkillsJob extends AbstractTool<SkillInput, SkillRequestResult> {
  readonly name = REQUEST_SKILL;
  readonly input = SkillInput;
  readonly output = z.custom<SkillRequestResult>(() => true);
  override readonly readOnly = true;

  constructor(readonly admit: AdmitSkills) {
    super();
  }

  execute(input: SkillInput, _resources: JobResources, context: JobContext): SkillRequestResult {
    const result = this.admit(input.skillNames);
    for (const skill of result.admitted) context.emit({ type: "skill.admitted", skill });
    return result;
  }
}

/**
 * `request_skill`: admits skills from the reconciled skill catalog onto the conversation (each
 * through the hub's admission rules); an admitted skill's text rides the preamble of every
 * later call. The names are enumerated in `skill_names` as `oneOf` `{ const, description }`,
 * each description the skill's own. Read-only by declaration: it adds guidance, never reach,
 * so a read-only thinker keeps it.
 */
export class RequestSkillProvider extends CatalogDoorProvider<Skill> {
  readonly name = REQUEST_SKILL;
  readonly description =
    "Load skills from the catalog: their guidance is added to your instructions for the rest of this task.";
  readonly #admit: AdmitSkills;

  constructor(
    /** The catalog this door offers, by name. */
    catalog: ReadonlyMap<string, Skill>,
    admit: AdmitSkills,
  ) {
    super(catalog, { field: "skill_names", what: "skills" });
    this.#admit = admit;
  }

  readOnly(): boolean {
    return true;
  }

  protected invocation(skillNames: string[]): ToolInvocation {
    return { job: new AdmitSkillsJob(this.#admit) as never, input: { skillNames } };
  }

  formatResult(output: unknown): string {
    const { admitted, refused } = output as SkillRequestResult;
    const parts = [];
    if (admitted.length > 0) parts.push(`Loaded: ${admitted.join(", ")}.`);
    for (const { name, reason } of refused) parts.push(`Not loaded: ${name} (${reason}).`);
    return parts.join(" ");
  }
}
