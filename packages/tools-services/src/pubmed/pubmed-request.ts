import { InvalidInputError } from "@nucleo/core";

/** What a `pubmed_fetch` call asks for, once its input has been checked. */
export type PubMedRequest =
  | { readonly kind: "query"; readonly query: string; readonly maxResults: number }
  | { readonly kind: "pmids"; readonly pmids: readonly string[] };

/** The input fields {@link checkPubMedRequest} reads. */
export interface PubMedRequestInput {
  readonly query?: string | undefined;
  readonly maxResults?: number | undefined;
  readonly pmids?: readonly string[] | undefined;
}

const PMID = /^\d{1,9}$/;

/**
 * The tool's own validation, before any request: exactly one of `query` and `pmids`, a query
 * with text in it, and PMIDs of digits only (a PMID is never anything else, so sending one
 * to NCBI would only waste the call). Refusals name the parameter as the model knows it.
 *
 * @internal
 */
export function checkPubMedRequest(
  input: PubMedRequestInput,
  defaultMaxResults: number,
): PubMedRequest {
  const hasQuery = input.query !== undefined;
  const hasPmids = input.pmids !== undefined;
  if (hasQuery === hasPmids) {
    throw new InvalidInputError({
      parameter: hasQuery ? "pmids" : "query",
      expected:
        "either query (to search) or pmids (to fetch known articles), exactly one of the two",
    });
  }
  if (input.query !== undefined) {
    const query = input.query.trim();
    if (query === "")
      throw new InvalidInputError({
        parameter: "query",
        value: input.query,
        expected: "a PubMed search with at least one term",
      });
    return { kind: "query", query, maxResults: input.maxResults ?? defaultMaxResults };
  }
  const pmids = (input.pmids ?? []).map((pmid) => pmid.trim());
  if (pmids.length === 0)
    throw new InvalidInputError({ parameter: "pmids", expected: "at least one PubMed id" });
  pmids.forEach((pmid, index) => {
    if (!PMID.test(pmid)) {
      throw new InvalidInputError({
        parameter: `pmids[${index}]`,
        value: input.pmids?.[index] ?? pmid,
        expected: 'a PubMed id of digits only, like "31452104"',
      });
    }
  });
  return { kind: "pmids", pmids: [...new Set(pmids)] };
}
