import type { SeedJob } from "./seed-rows.js";

/**
 * A job `parentId` and its children `ids`, tied on ordinal, start and submission: only their
 * ids (in byte order) tell the siblings apart.
 */
export function tiedSiblings(parentId: string, ids: readonly string[]): SeedJob[] {
  const tie = {
    parentId,
    ordinal: 1,
    startedAt: "2025-01-06T10:00:00Z",
    submittedAt: "2025-01-06T09:00:00Z",
  };
  return [{ id: parentId }, ...ids.map((id) => ({ ...tie, id }))];
}
