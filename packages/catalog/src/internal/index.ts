/**
 * @nucleo/catalog/internal — what Nucleo's own packages share and users do not call: the memo
 * a conversation hands with each request so token counting goes on from its last count.
 * Workspace packages only (the architecture test refuses this subpath anywhere else); it may
 * change in any release.
 *
 * @packageDocumentation
 */
export { RequestCountMemo } from "../tokens/request-count-memo.js";
