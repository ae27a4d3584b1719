/**
 * @nucleo/catalog — grades become concrete models under real rate limits: catalog entries
 * (loaded and checked from JSON or YAML), the picker inside a compliance envelope, exact
 * pricing, token counting, and the admission that keeps every entry within its limits.
 *
 * @packageDocumentation
 */
export {
  catalogEntrySchema,
  DEFAULT_PACING,
  DEFAULT_PROMPT_CACHE,
  priceScheduleSchema,
  THINKING_EFFORTS,
  type CatalogEntry,
  type CatalogEntryInput,
  type EntryPacing,
  type PromptCache,
  type PriceSchedule,
  type PriceScheduleInput,
  type RateLimits,
} from "./entry/catalog-entry.js";
export { Catalog } from "./entry/catalog.js";
export { CatalogError, type CatalogErrorPlace } from "./entry/catalog-error.js";
export { parseCatalog } from "./entry/parse-catalog.js";
export { loadCatalog } from "./entry/load-catalog.js";
export { priceCall, scheduleAt, type CallPrice } from "./pricing/price-call.js";
export {
  ModelPicker,
  resolveWith,
  type CapacityView,
  type SeatDemand,
} from "./picker/model-picker.js";
export type { DeploymentPolicy } from "./picker/deployment-policy.js";
export type { SeatBinding, SeatWords } from "./picker/seat-binding.js";
export {
  CatalogAdmission,
  type CatalogAdmissionOptions,
  type CatalogSeat,
} from "./admission/catalog-admission.js";
export type { LimitName } from "./admission/limit-amounts.js";
export {
  MAX_SEATS_PER_BOOKING,
  type FleetTurn,
  type PacingTerms,
  type SeatTokens,
  type SharedBatchAnswer,
  type SharedBooking,
  type SharedBookingAnswer,
  type SharedBudgetStore,
  type SharedDemand,
  type SharedEntryTerms,
} from "./admission/shared-budget-store.js";
export { InMemorySharedBudgetStore } from "./admission/in-memory-shared-budget-store.js";
export { bookOneSeat } from "./admission/book-one-seat.js";
export {
  sharedStoreChecks,
  type DeclaredLimit,
  type LimitMax,
  type SharedStoreChecks,
} from "./admission/shared-store-checks.js";
export {
  CalibratedEstimate,
  DEFAULT_CHARS_PER_TOKEN,
  type CalibratedEstimateOptions,
  type TokenCalibration,
} from "./tokens/calibrated-estimate.js";
export { EncodingCounter } from "./tokens/encoding-counter.js";
export type { TokenizerEncoding } from "./tokens/gpt-tokenizer-loader.js";
export type { RenderedMessage, RenderedRequest, RenderedText } from "./tokens/rendered-request.js";
export { RequestTokenCounter } from "./tokens/request-token-counter.js";
export type { TokenCounter } from "./tokens/token-counter.js";
export { TokenCounters, type TokenCountersOptions } from "./tokens/token-counters.js";
export {
  anthropicThinking,
  thinkingActive,
  thinkingBudget,
  MIN_THINKING_BUDGET,
  type ThinkingEffort,
} from "./thinking/thinking-active.js";
