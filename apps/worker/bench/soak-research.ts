/**
 * The soak's thinker: it reads a report of 5 to 50 KB with a tool, then answers in one
 * sentence, so every second model call carries a large tool result — the shape of a research
 * step on fetched documents. With its mock turns, played by the worker's mock provider.
 */
import { AbstractTool, ThinkerDeclaration } from "@nucleo/core";
import { SingleObjectiveThinker, thinkerInput, type ThinkerOptions } from "@nucleo/thinkers";
import { ClassToolProvider } from "@nucleo/tools";
import { z } from "zod";
import { envelopeTurn, toolCallTurn } from "../src/mock/mock-answers.ts";
import type { MockTurn } from "../src/mock/mock-responder.ts";
import { givenInput, type WireView } from "../src/mock/wire-view.ts";

const ReadInput = z.object({
  report: z.string().describe("The report's id."),
  kilobytes: z.number().int().min(1).max(100).describe("How long the report is."),
});
type ReadInput = z.infer<typeof ReadInput>;
const ReadOutput = z.object({ report: z.string(), text: z.string() });

const WORDS = (
  "survey nest ledge storm cable station reading wind gull colony island season chick rat " +
  "bait logger sensor power spring autumn cliff pair predation count plan armoured line " +
  "the a of on in at and but with for from was were has had its their which after before " +
  "north south east west lower upper new old most few many some every each no two nine"
).split(" ");

/** A report's text: seeded by its id, `kilobytes` long, made afresh on every read as a fetch would be. */
export function reportText(report: string, kilobytes: number): string {
  let seed = 2166136261;
  for (const character of report) seed = Math.imul(seed ^ character.charCodeAt(0), 16777619);
  const random = mulberry32(seed >>> 0);
  const size = kilobytes * 1024;
  const sentences: string[] = [];
  let length = 0;
  while (length < size) {
    const count = 8 + Math.floor(random() * 12);
    const words = Array.from({ length: count }, () => WORDS[Math.floor(random() * WORDS.length)]);
    const sentence = `${words.join(" ")}.`;
    sentences.push(sentence.charAt(0).toUpperCase() + sentence.slice(1));
    length += sentence.length + 1;
  }
  return sentences.join(" ").slice(0, size);
}

/** A small, fast, seeded generator: the same report id always reads the same. */
export function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** Reads a report: its whole text, as a document fetch returns it. Read-only. */
class ReadReport extends AbstractTool<ReadInput, z.infer<typeof ReadOutput>> {
  readonly name = "read_report";
  override readonly description = "Read a report by its id.";
  readonly input = ReadInput;
  readonly output = ReadOutput;
  override readonly readOnly = true;

  execute(input: ReadInput) {
    return { report: input.report, text: reportText(input.report, input.kilobytes) };
  }
}

const readReport = new ClassToolProvider(() => new ReadReport());

/** What the thinker is given: the report to read and its length. */
export const ResearchInput = thinkerInput({
  report: z.string().describe("The report's id."),
  kilobytes: z.number().int().min(1).max(100).describe("Pass it to read_report."),
});
export type ResearchInput = z.infer<typeof ResearchInput>;
const ResearchAnswer = z.object({
  summary: z.string().describe("The report in one sentence."),
  characters: z.number().int().describe("How long the report read was, in characters."),
});

/** The start of the task text; the mock provider recognises the thinker's requests by it. */
export const RESEARCH_TASK_LEAD = "Read the report with the read_report tool, then summarise it.";

/** The soak's thinker (grade LARGE): one tool call with a large result, then its answer. */
export class SoakResearch extends SingleObjectiveThinker<
  ResearchInput,
  z.infer<typeof ResearchAnswer>
> {
  readonly name = "soak_research";
  override readonly description = "Read a report and summarise it in one sentence.";
  readonly input = ResearchInput;
  readonly output = ResearchAnswer;

  constructor(options: ThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "LARGE", output: "COMPACT" }), options);
    this.addTools(readReport);
  }

  protected task(): string {
    return `${RESEARCH_TASK_LEAD} Answer with one sentence and the report's length in characters.`;
  }
}

/** The mock model's turns for {@link SoakResearch}: read the report, then answer from it. */
export function researchMock(view: WireView): MockTurn | undefined {
  if (!view.system.includes(RESEARCH_TASK_LEAD)) return undefined;
  const read = view.toolExchanges.find(
    (exchange) => exchange.name === "read_report" && exchange.result !== undefined,
  );
  if (read === undefined) {
    const input = givenInput(view);
    return toolCallTurn("read_report", { report: input.report, kilobytes: input.kilobytes });
  }
  const characters = read.result!.length;
  return envelopeTurn(view, `Read the report: ${characters} characters of field notes.`, {
    summary: `A report of ${characters} characters on the season's survey.`,
    characters,
  });
}
