export { CalibratedEstimate, DEFAULT_CHARS_PER_TOKEN } from "./calibrated-estimate.js";
export type { CalibratedEstimateOptions, TokenCalibration } from "./calibrated-estimate.js";
export { EncodingCounter } from "./encoding-counter.js";
export type { TokenizerEncoding } from "./gpt-tokenizer-loader.js";
export type { RenderedMessage, RenderedRequest, RenderedText } from "./rendered-request.js";
export { RequestCountMemo } from "./request-count-memo.js";
export { RequestTokenCounter } from "./request-token-counter.js";
export type { TokenCounter } from "./token-counter.js";
export { TokenCounters, type TokenCountersOptions } from "./token-counters.js";
