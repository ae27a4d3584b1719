import { GRADE_LADDER, type AttemptInfo, type Grade } from "@nucleo/core";
import { responseContract } from "@nucleo/conversation";
import { z } from "zod";
import type { ModelDependentToolOptions } from "../model/abstract-model-dependent-tool.js";
import { AbstractOneCallTool, type OneCallQuestion } from "./abstract-one-call-tool.js";

const QuestionInput = z.object({
  question: z.string().min(1).describe("The question, complete in itself."),
  grade: z
    .enum([...GRADE_LADDER, "CEILING"])
    .describe(
      "How capable a model the question needs: SMALL for lookups and rewording, up to XL or CEILING for hard reasoning.",
    ),
  context: z.string().optional().describe("Background the answer needs, if any."),
});
const QuestionAnswer = z.object({
  answer: z.string().describe("The answer, with the justification a reader can check."),
});
const ANSWER: OneCallQuestion<z.infer<typeof QuestionAnswer>> = {
  depth: "QUICK",
  output: "COMPACT",
  contract: responseContract("quick_answer", QuestionAnswer),
  instructions:
    "Answer the question below. Use the context when it is given; say so when you cannot know.",
};

/**
 * One question, one answer, without paying for a thinker. The asker — code or model — states
 * the grade per question in the input (required); it is the one tool whose grade is input
 * rather than a seat declaration. Its grade is known, so as a thinker's child it is served by
 * the picker at that grade even when the thinker is pinned (see `ClassToolProvider`).
 */
export class QuickLLMQuestionTool extends AbstractOneCallTool<
  z.infer<typeof QuestionInput>,
  z.infer<typeof QuestionAnswer>
> {
  readonly name = "quick_llm_question";
  override readonly description =
    "Ask a model one question and get one answer. Say how capable a model it needs.";
  readonly input = QuestionInput;
  readonly output = QuestionAnswer;

  constructor(options: Omit<ModelDependentToolOptions, "grade">) {
    super(options, ANSWER);
  }

  /** The question's own grade: known before the tool runs, so a pinned parent's pin never reaches it. */
  override gradeFromInput(input: z.infer<typeof QuestionInput>): Grade {
    return input.grade;
  }

  override requirements(input: z.infer<typeof QuestionInput>, attempt: AttemptInfo) {
    this.setGrade(this.gradeFromInput(input));
    return super.requirements(input, attempt);
  }
}
