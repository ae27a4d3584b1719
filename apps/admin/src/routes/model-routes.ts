import type { CatalogEntry } from "@nucleo/catalog";
import type { ModelsView, ModelView, SeatSizingView } from "../api/contract.js";
import type { AdminApi, RouteDeps } from "../http/admin-env.js";

// The price list in force at `now`: the latest whose day has come (the first, before any has).
function pricesAt(entry: CatalogEntry, now: number) {
  const today = new Date(now).toISOString().slice(0, 10);
  const inForce = entry.prices.filter((schedule) => schedule.effectiveFrom <= today);
  return inForce.at(-1) ?? entry.prices[0]!;
}

function modelView(entry: CatalogEntry, now: number, headroom: ModelView["headroom"]): ModelView {
  const schedule = pricesAt(entry, now);
  const prices: Record<string, string> = { input: schedule.input, output: schedule.output };
  if (schedule.cacheRead !== undefined) prices.cacheRead = schedule.cacheRead;
  if (schedule.cacheWrite !== undefined) prices.cacheWrite = schedule.cacheWrite;
  if (schedule.reasoning !== undefined) prices.reasoning = schedule.reasoning;
  // No base URL, no compliance secret: only what an operator needs to read the limits.
  return {
    id: entry.id,
    provider: entry.provider,
    model: entry.model,
    grade: entry.grade,
    currency: schedule.currency,
    prices,
    limits: {
      requestsPerMinute: entry.limits.requestsPerMinute ?? null,
      tokensPerMinute: entry.limits.tokensPerMinute ?? null,
      inputTokensPerMinute: entry.limits.inputTokensPerMinute ?? null,
      outputTokensPerMinute: entry.limits.outputTokensPerMinute ?? null,
    },
    headroom,
  };
}

/** The catalog's entries with prices, limits and live headroom; seat sizing per job class. */
export function modelRoutes(api: AdminApi, { services, now }: RouteDeps): void {
  api.get("/models", async (c) => {
    const at = now();
    const [headroom, sizing] = await Promise.all([
      // The store's own window (a minute and its guard band): what it counts when it books.
      services.sharedAdmission ? services.queries.admissionHeadroom(at) : undefined,
      services.queries.seatSizing(),
    ]);
    const byEntry = new Map((headroom ?? []).map((row) => [row.entryId, row]));
    const models = services.catalog.map((entry) => {
      if (headroom === undefined) return modelView(entry, at, null);
      const row = byEntry.get(entry.id);
      return modelView(entry, at, {
        bookedInputTokens: row?.bookedInputTokens ?? 0,
        bookedOutputTokens: row?.bookedOutputTokens ?? 0,
        bookedRequests: row?.bookedRequests ?? 0,
        waiting:
          row?.claim == null
            ? null
            : {
                since: row.claim.since,
                inputTokens: row.claim.inputTokens,
                outputTokens: row.claim.outputTokens,
              },
        coolingUntil: row?.coolingUntil ?? null,
      });
    });
    const seatSizing = sizing.map(
      (row): SeatSizingView => ({
        jobClass: row.jobClass,
        calls: row.calls,
        maxOutputTokens: row.maxOutputTokens,
        p95OutputTokens: row.p95OutputTokens,
        maxTokensStops: row.maxTokensStops,
        recommendedRung: row.recommendedRung,
      }),
    );
    const answer: ModelsView = { models, seatSizing, at };
    return c.json(answer);
  });
}
