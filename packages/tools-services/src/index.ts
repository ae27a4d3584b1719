/**
 * @nucleo/tools-services — service tools: tools that call someone else's service with a
 * parameter the model supplied (`web_fetch`, `pubmed_fetch`, `epo_claims`), each following the
 * three outcomes (correctable `InvalidInputError`, uncorrectable `ExternalServiceError`, retry
 * signals passed through).
 *
 * @packageDocumentation
 */
export { WebFetchTool, type WebFetchInput, type WebFetchOutput } from "./web/web-fetch-tool.js";
export type { WebFetchToolOptions } from "./web/web-fetch-options.js";
export type { HostLookup } from "./web/host-lookup.js";
export {
  PubMedFetchTool,
  type PubMedFetchInput,
  type PubMedFetchOutput,
} from "./pubmed/pubmed-fetch-tool.js";
export type { PubMedFetchToolOptions } from "./pubmed/pubmed-fetch-options.js";
export type { PubMedArticle } from "./pubmed/pubmed-article.js";
export { EPOClaimsTool, type EPOClaimsInput, type EPOClaimsOutput } from "./epo/epo-claims-tool.js";
export type { EPOClaimsToolOptions } from "./epo/epo-claims-options.js";
export type { ServiceToolOptions, ApiToolOptions } from "./http/service-tool-options.js";
export type { FetchFunction } from "./http/fetch-function.js";
