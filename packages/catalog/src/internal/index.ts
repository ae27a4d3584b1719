/**
 * @nucleo/catalog/internal — what Nucleo's own packages share and users do not call: the memo
 * a conversation hands with each request so token counting goes on from its last count.
 * For Nucleo's own packages: it is published, but
 * unsupported for anyone else (in this repo the architecture test refuses it in apps and
 * test-e2e) and may change in any release.
 *
 * @packageDocumentation
 */
export { RequestCountMemo } from "../tokens/request-count-memo.js";
