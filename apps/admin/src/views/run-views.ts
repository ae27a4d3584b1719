import type { RunStatus } from "../api/contract.js";

/** A recorder status as the API spells it (a status this version does not know reads as `submitted`). */
export function runStatus(status: string): RunStatus {
  return status === "running" || status === "finished" || status === "failed"
    ? status
    : "submitted";
}
