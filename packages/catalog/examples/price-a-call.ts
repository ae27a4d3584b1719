// examples/price-a-call.ts
import { loadCatalog, priceCall } from "@nucleo/catalog";

const catalog = await loadCatalog(new URL("./catalog.example.yaml", import.meta.url).pathname);
const sonnet = catalog.get("anthropic-claude-sonnet-4-5");

// Exact decimals: cache reads, cache writes (five-minute, and one-hour as cacheWrite1hTokens),
// output and reasoning each at their own price.
const call = priceCall(sonnet, {
  inputTokens: 1_800,
  cachedInputTokens: 40_000,
  cacheWriteTokens: 2_000,
  outputTokens: 650,
});
console.log(call.cost.toString(), call.currency); // 0.03465 USD
console.log(call.schedule.source); // @pydantic/genai-prices 0.1.8 (https://www.anthropic.com/pricing#api), taken 2026-11-29
