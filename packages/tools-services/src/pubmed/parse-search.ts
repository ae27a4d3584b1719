import { z } from "zod";
import { parseJson } from "../http/parse-json.js";

// Tolerant of the many fields esearch adds (translations, warnings); reads only what it uses.
const EsearchAnswer = z.object({
  esearchresult: z.object({
    idlist: z.array(z.string()).optional(),
    ERROR: z.string().optional(),
  }),
});

/** What an esearch answer says. */
export type SearchOutcome =
  | { readonly kind: "ids"; readonly ids: readonly string[] }
  /** The service refused the term itself (`esearchresult.ERROR`). */
  | { readonly kind: "refused" }
  | { readonly kind: "unreadable" };

/**
 * Reads an esearch answer (`retmode=json`): the ids in rank order, a refusal of the term
 * (NCBI answers 200 with `esearchresult.ERROR` for a term it cannot run), or unreadable.
 *
 * @internal
 */
export function parseSearch(text: string): SearchOutcome {
  const parsed = parseJson(text, EsearchAnswer);
  if (!parsed.success) return { kind: "unreadable" };
  const result = parsed.value.esearchresult;
  if (result.ERROR !== undefined) return { kind: "refused" };
  if (result.idlist === undefined) return { kind: "unreadable" };
  return { kind: "ids", ids: result.idlist };
}
