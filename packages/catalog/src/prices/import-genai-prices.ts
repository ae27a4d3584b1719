import type { ModelInfo } from "@pydantic/genai-prices";
import { catalogEntrySchema, type CatalogEntryInput } from "../entry/catalog-entry.js";
import { CatalogError } from "../entry/catalog-error.js";
import { describeCatalogIssue } from "../entry/describe-catalog-issue.js";
import { genaiPriceList, type PriceList } from "./genai-price-list.js";
import { priceSchedulesOf } from "./price-schedules.js";

/**
 * One model of a {@link GenaiPricesMapping}: everything its catalog entry needs that the price
 * list does not know. `prices` come from the list, and `contextWindow` too unless given here.
 */
export type GenaiPricesModel = Omit<
  CatalogEntryInput,
  "provider" | "baseUrl" | "prices" | "contextWindow"
> & {
  /** The provider, which is also the price list's provider id. */
  readonly provider: "openai" | "anthropic";
  /** The context window; default: the price list's `context_window`. */
  readonly contextWindow?: number;
  /** The model's id in the price list when it differs from the wire name in `model`. */
  readonly priceListModel?: string;
};

/** Which models a catalog holds, at which grade: the input of {@link importGenaiPrices}. */
export type GenaiPricesMapping = readonly GenaiPricesModel[];

/**
 * Price-list keys left out by default. Searches are billed per call of a provider-side tool,
 * not per token, so an entry cannot hold them. A deployment whose calls do incur them passes
 * its own `ignoredPriceKeys` without them, and the import then refuses those models rather than
 * under-price them. One-hour cache writes are imported as `cacheWrite1h`.
 */
export const DEFAULT_IGNORED_PRICE_KEYS: readonly string[] = [
  "web_searches_kcount",
  "storage_searches_kcount",
];

/** Options of {@link importGenaiPrices}. */
export interface ImportGenaiPricesOptions {
  /** The day the prices are taken (YYYY-MM-DD), quoted in `source`. Default: today, in UTC. */
  readonly takenOn?: string;
  /** Price-list keys to leave out rather than refuse. Default: {@link DEFAULT_IGNORED_PRICE_KEYS}. */
  readonly ignoredPriceKeys?: readonly string[];
  /** The list to read. Default: the data bundled in `@pydantic/genai-prices` ({@link genaiPriceList}). */
  readonly priceList?: PriceList;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const FIELD_ORDER = Object.keys(catalogEntrySchema.shape);

/**
 * Builds catalog entries from a mapping of models to grades, with prices (and, unless the
 * mapping gives them, context windows) taken from a maintained public price list rather than
 * typed by hand. Every price is exact decimal text in USD, and every schedule's `source` says
 * where and when it was taken: `@pydantic/genai-prices 0.1.8 (https://www.anthropic.com/pricing#api), taken 2026-11-29`.
 * Each entry is checked against the catalog entry schema before it is returned.
 *
 * @throws {CatalogError} naming the entry and model when the list lacks the model, charges
 * something an entry cannot express, or gives a price that is not exact decimal text.
 *
 * @example
 * const entries = importGenaiPrices(
 *   [{ id: "anthropic-claude-haiku-4-5", provider: "anthropic", model: "claude-haiku-4-5", grade: "SMALL", outputCeiling: 64_000, limits: { requestsPerMinute: 50 } }],
 *   { takenOn: "2026-11-29" },
 * );
 */
export function importGenaiPrices(
  mapping: GenaiPricesMapping,
  options: ImportGenaiPricesOptions = {},
): CatalogEntryInput[] {
  const priceList = options.priceList ?? genaiPriceList();
  const listName = `${priceList.name} ${priceList.version}`;
  const takenOn = options.takenOn ?? new Date().toISOString().slice(0, 10);
  if (!ISO_DATE.test(takenOn))
    throw new CatalogError({
      file: listName,
      field: "takenOn",
      expected: `a date like 2026-11-29, got ${JSON.stringify(takenOn)}`,
    });
  const ignoredPriceKeys = new Set(options.ignoredPriceKeys ?? DEFAULT_IGNORED_PRICE_KEYS);
  return mapping.map((model) => {
    const {
      id,
      provider: providerId,
      model: wireModel,
      grade,
      contextWindow,
      priceListModel,
      ...described
    } = model;
    const refuse = (field: string, expected: string): never => {
      throw new CatalogError({
        file: listName,
        entry: `"${id}" (model ${wireModel})`,
        field,
        expected,
      });
    };
    const provider =
      priceList.findProvider(providerId) ??
      refuse("provider", `a provider of the price list, but it has no "${providerId}"`);
    const listed = findListed(provider.models, priceListModel ?? wireModel, refuse);
    const url = provider.pricing_urls?.[0];
    const source = `${listName}${url === undefined ? "" : ` (${url})`}, taken ${takenOn}`;
    const entry = inFieldOrder({
      id,
      provider: providerId,
      model: wireModel,
      grade,
      contextWindow:
        contextWindow ??
        listed.context_window ??
        refuse(
          "contextWindow",
          "a contextWindow in the mapping: the price list gives none for this model",
        ),
      ...described,
      prices: priceSchedulesOf(listed, { takenOn, source, ignoredPriceKeys, refuse }),
    });
    const checked = catalogEntrySchema.safeParse(entry);
    if (!checked.success) {
      const issue = describeCatalogIssue(checked.error.issues[0]!, entry);
      return refuse(issue.field ?? "(entry)", issue.expected);
    }
    return entry;
  });
}

/** The same entry with its fields in the schema's order, so every written catalog reads alike. */
function inFieldOrder(entry: CatalogEntryInput): CatalogEntryInput {
  const rank = (key: string) => FIELD_ORDER.indexOf(key);
  return Object.fromEntries(
    Object.entries(entry).sort(([a], [b]) => rank(a) - rank(b)),
  ) as CatalogEntryInput;
}

function findListed(
  models: readonly ModelInfo[],
  modelId: string,
  refuse: (field: string, expected: string) => never,
): ModelInfo {
  const listed = models.find((candidate) => candidate.id === modelId);
  if (listed !== undefined) return listed;
  const family = modelId.split(/[-.]/).slice(0, 2).join("-");
  const similar = models
    .map((candidate) => candidate.id)
    .filter((candidate) => candidate.startsWith(family));
  const hint = similar.length === 0 ? "" : ` (it lists ${similar.slice(0, 8).join(", ")})`;
  return refuse(
    "model",
    `a model of the price list, but it has no "${modelId}"${hint}; set priceListModel if its id there differs`,
  );
}
