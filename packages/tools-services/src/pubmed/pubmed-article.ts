import { z } from "zod";

/** One PubMed article as `pubmed_fetch` returns it. */
export const PubMedArticle = z.object({
  pmid: z.string().describe("The PubMed id."),
  title: z.string(),
  abstract: z
    .string()
    .describe(
      "The abstract; labelled sections as 'LABEL: text', separated by blank lines. Empty when PubMed has none.",
    ),
  journal: z.string().optional(),
  year: z.number().int().optional().describe("The publication year."),
});

/** One PubMed article as `pubmed_fetch` returns it. */
export type PubMedArticle = z.infer<typeof PubMedArticle>;
