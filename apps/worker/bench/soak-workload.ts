/**
 * What the soak runs: three kinds of workflow in turn, built from the worker's own workflows
 * (the `digest_document` doer and its one-call summary tool) and the soak's thinker, on a
 * catalog of two of the worker's example entries — the thinker's grade on the OpenAI wire,
 * the summaries' on the Anthropic wire — so both clients talk to the mock provider.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Catalog, loadCatalog, type CatalogEntry } from "@nucleo/catalog";
import type { MockResponder } from "../src/mock/mock-responder.ts";
import { BUILT_IN_WORKFLOWS } from "../src/workflows/built-in-workflows.ts";
import { SummarizeParagraph } from "../src/workflows/digest-document/summarize-paragraph.ts";
import type { WorkflowServices, WorkflowStart } from "../src/workflows/workflow-definition.ts";
import { mulberry32, researchMock, SoakResearch } from "./soak-research.ts";

/** The kinds of workflow a soak process starts, in turn. */
export const WORKFLOW_KINDS = ["thinker", "one_call_tool", "doer"] as const;
export type WorkflowKind = (typeof WORKFLOW_KINDS)[number];

/** The example entries the soak keeps: the thinker's LARGE seat and the summaries' SMALL one. */
export const SOAK_ENTRIES = {
  openai: "openai-gpt-5",
  anthropic: "anthropic-claude-haiku-4-5",
} as const;
export type SoakProvider = keyof typeof SOAK_ENTRIES;

// Far above anything one machine reaches: every seat is booked (in the shared store too) and
// granted at once.
const UNBINDING_LIMITS = { requestsPerMinute: 1_000_000, tokensPerMinute: 1_000_000_000 };

const FIELD_NOTES = readFileSync(
  fileURLToPath(new URL("../samples/field-notes.txt", import.meta.url)),
  "utf8",
);
const PARAGRAPHS = FIELD_NOTES.split(/\n\s*\n/)
  .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
  .filter(Boolean);

/** Every mock turn the soak's workflows need: its thinker's, and every worker workflow's. */
export const SOAK_RESPONDERS: readonly MockResponder[] = [
  researchMock,
  ...Object.values(BUILT_IN_WORKFLOWS).map((definition) => definition.mock),
];

/**
 * The soak's catalog: the two example entries, their ids suffixed with `idSuffix` (each phase
 * of a run books under ids of its own, so a phase never inherits the last one's window), with
 * a tokens-per-minute limit per provider, or limits no run reaches.
 */
export async function soakCatalog(options: {
  readonly idSuffix: string;
  readonly tokensPerMinute: Readonly<Record<SoakProvider, number>> | undefined;
}): Promise<Catalog> {
  const example = await loadCatalog(
    fileURLToPath(new URL("../config/catalog.yaml", import.meta.url)),
  );
  const entries = (Object.keys(SOAK_ENTRIES) as SoakProvider[]).map(
    (provider): CatalogEntry => ({
      ...example.get(SOAK_ENTRIES[provider]),
      id: `${SOAK_ENTRIES[provider]}${options.idSuffix}`,
      limits:
        options.tokensPerMinute === undefined
          ? UNBINDING_LIMITS
          : { tokensPerMinute: options.tokensPerMinute[provider] },
    }),
  );
  return new Catalog(entries, `${example.source} (the soak's two entries)`);
}

/** The provider of a soak catalog entry's id. */
export function providerOf(entryId: string): SoakProvider | undefined {
  return (Object.keys(SOAK_ENTRIES) as SoakProvider[]).find((provider) =>
    entryId.startsWith(SOAK_ENTRIES[provider]),
  );
}

/**
 * The `index`-th workflow of a process, of kind `WORKFLOW_KINDS[index % 3]`:
 * - a thinker that reads a 5–50 KB report with a tool, then answers (2 model calls, LARGE);
 * - a one-call tool: `summarize_paragraph` on one paragraph (1 call, SMALL);
 * - a doer: `digest_document` on the worker's sample, summarising its four paragraphs in
 *   parallel (4 calls, SMALL).
 */
export function startSoakWorkflow(
  index: number,
  tag: string,
  services: WorkflowServices,
): { readonly kind: WorkflowKind; readonly start: WorkflowStart } {
  const kind = WORKFLOW_KINDS[index % WORKFLOW_KINDS.length]!;
  const { environment } = services;
  switch (kind) {
    case "thinker": {
      const random = mulberry32(index * 7919 + 17);
      const input = { report: `report-${tag}-${index}`, kilobytes: 5 + Math.floor(random() * 46) };
      return { kind, start: { job: new SoakResearch({ environment }), input } };
    }
    case "one_call_tool":
      return {
        kind,
        start: {
          job: new SummarizeParagraph({ environment }),
          input: { paragraph: PARAGRAPHS[index % PARAGRAPHS.length]! },
        },
      };
    case "doer":
      return {
        kind,
        start: BUILT_IN_WORKFLOWS.digest_document.start({ text: FIELD_NOTES }, services),
      };
  }
}
