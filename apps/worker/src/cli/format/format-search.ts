import type { SaidSearchHit } from "@nucleo/recorder-postgres";
import { formatTime } from "./format-answers.js";
import { formatTable } from "./format-table.js";

/**
 * `nucleo search`: the workflows whose recorded content matches, newest first, each with its
 * best excerpt. The excerpt is model or user text, untrusted: the table prints every cell as
 * printable text, control and bidirectional characters shown, not obeyed.
 */
export function formatSearch(query: string, hits: readonly SaidSearchHit[]): string {
  if (hits.length === 0) return `Nothing recorded matches ${JSON.stringify(query)}.`;
  return formatTable(
    [
      { header: "workflow" },
      { header: "job" },
      { header: "status" },
      { header: "started" },
      { header: "matches", align: "right" },
      { header: "excerpt" },
    ],
    hits.map((hit) => [
      hit.rootId,
      hit.jobName,
      hit.status,
      formatTime(hit.startedAt),
      String(hit.matches),
      hit.snippet,
    ]),
  );
}
