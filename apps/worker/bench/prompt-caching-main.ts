/** The prompt-caching bench itself; `prompt-caching.ts` (which registers the source hooks) runs it. */
import { loadCatalog, type CatalogEntry } from "@nucleo/catalog";
import { Decimal } from "@nucleo/core";
import { packageFile } from "../src/package-files.ts";
import { BUILT_IN_WORKFLOWS } from "../src/workflows/built-in-workflows.ts";
import { costOf, sumOf } from "./prompt-caching-cost.ts";
import { runCachingCell } from "./prompt-caching-run.ts";

const CONCURRENT = 8;
const TURN_MS = 5_000;

const SCENARIOS = [
  { name: "budget_check, example input", input: BUILT_IN_WORKFLOWS.budget_check.exampleInput },
  {
    name: "20-turn tool loop",
    input: {
      costs: Array.from({ length: 21 }, (_, index) => 10 + index),
      budget: 300,
      depth: "QUICK",
    },
  },
] as const;

const catalog = await loadCatalog(packageFile("config/catalog.yaml"));
const large = catalog
  .entries()
  .filter((entry) => entry.grade === "LARGE" && entry.provider !== "openai-compatible");
// The OpenAI entry speaks the Responses API; the same model over Chat Completions runs too.
const entries = large.flatMap((entry): CatalogEntry[] =>
  entry.provider === "openai" && entry.api === "responses"
    ? [entry, { ...entry, api: "chat-completions" }]
    : [entry],
);

let ledgerOff = false;
const rows: string[][] = [];
for (const entry of entries) {
  for (const scenario of SCENARIOS) {
    const costs: Record<"on" | "off", ReturnType<typeof costOf>> = {} as never;
    for (const caching of [false, true]) {
      const outcome = await runCachingCell({
        entry,
        caching,
        input: scenario.input,
        concurrent: CONCURRENT,
        turnMs: TURN_MS,
      });
      const cost = costOf(entry, outcome.calls);
      const ledger = sumOf(outcome.ledgerCosts);
      const exact = ledger === cost.recomputedCost;
      if (!exact) ledgerOff = true;
      costs[caching ? "on" : "off"] = cost;
      rows.push([
        label(entry),
        scenario.name,
        caching ? "on" : "off",
        String(cost.calls),
        String(cost.promptTokens),
        String(cost.cacheReadTokens),
        String(cost.cacheWriteTokens),
        cost.inputCost,
        caching ? saving(costs.off.inputCost, cost.inputCost) : "",
        saving(listPrice(entry, cost.promptTokens), cost.inputCost),
        exact ? `yes (${ledger})` : `NO: ledger ${ledger}, usage × price ${cost.recomputedCost}`,
      ]);
    }
  }
}

console.log(
  `prompt caching: ${CONCURRENT} workflows at once per cell, a turn every ${TURN_MS / 1000} s (virtual), mock provider, catalog prices\n`,
);
console.log(
  markdownTable(
    [
      "entry",
      "run",
      "caching",
      "calls",
      "prompt tokens",
      "cache read",
      "cache write",
      "input cost (USD)",
      "saved vs caching off",
      "saved vs no cache at all",
      "ledger = usage × price",
    ],
    rows,
  ),
);
if (ledgerOff) process.exitCode = 1;

/** What `tokens` prompt tokens would cost with no cache at all: every one at the input price. */
function listPrice(entry: CatalogEntry, tokens: number): string {
  return Decimal.parse(entry.prices[0]!.input).times(tokens).shiftLeft(6).toString();
}

function label(entry: CatalogEntry): string {
  return entry.provider === "openai" ? `${entry.id} (${entry.api})` : entry.id;
}

/** `1 - on/off` as a percentage with one decimal. */
function saving(off: string, on: string): string {
  const offCost = Decimal.parse(off);
  if (offCost.compare(Decimal.ZERO) === 0) return "-";
  const ratio = Number(on) / Number(offCost.toString());
  return `${((1 - ratio) * 100).toFixed(1)}%`;
}

function markdownTable(header: readonly string[], body: readonly (readonly string[])[]): string {
  const lines = [header, header.map(() => "---"), ...body];
  return lines.map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}
