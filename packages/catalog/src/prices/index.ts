export {
  importGenaiPrices,
  DEFAULT_IGNORED_PRICE_KEYS,
  type GenaiPricesMapping,
  type GenaiPricesModel,
  type ImportGenaiPricesOptions,
} from "./import-genai-prices.js";
export { genaiPriceList, type PriceList } from "./genai-price-list.js";
