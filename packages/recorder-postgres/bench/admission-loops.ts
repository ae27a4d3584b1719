/**
 * The booking loops the admission benchmark times, shared by the benchmark's own process and
 * the worker processes it starts (admission-child.ts): a seat's life in the store — booked,
 * then settled with what it used — one seat per `book`, or a batch per `bookInOrder`. Plain
 * erasable TypeScript: Node runs the benchmark directly.
 */
import type { SharedEntryTerms } from "@nucleo/catalog";
import type { PostgresBudgetStore } from "@nucleo/recorder-postgres";

/** The window the benchmark books in: the admission's default (a minute and its guard band). */
export const WINDOW_MS = 61_000;

const INPUT_TOKENS = 1_200;
const OUTPUT_TOKENS = 800;

/** Terms on `entryId` whose limits never bind: every seat is booked, as on a quiet entry. */
export function quietTerms(entryId: string): SharedEntryTerms {
  return {
    entryId,
    limits: { requestsPerMinute: 100_000_000, tokensPerMinute: 1_000_000_000_000 },
  };
}

/**
 * Books `seats` seats on `terms`' entry and settles each (the settles at once, as the calls
 * would end): one `book` per seat when `seats` is 1, else one `bookInOrder`. Answers how many
 * were booked; throws if the entry refused one, which a quiet entry never does.
 */
export async function bookAndSettle(
  store: PostgresBudgetStore,
  terms: SharedEntryTerms,
  seats: number,
): Promise<number> {
  const seat = { inputTokens: INPUT_TOKENS, outputTokens: OUTPUT_TOKENS };
  if (seats === 1) {
    const answer = await store.book({ ...terms, ...seat }, Date.now(), WINDOW_MS);
    if (!("booked" in answer))
      throw new Error(`the benchmark's entry refused a booking: ${JSON.stringify(answer)}`);
    await store.settle(answer.booked, 1_150, 230);
    return 1;
  }
  const { booked, waitMs } = await store.bookInOrder(
    terms,
    Array.from({ length: seats }, () => seat),
    Date.now(),
    WINDOW_MS,
  );
  if (waitMs !== 0) throw new Error(`the benchmark's entry refused a seat: wait ${waitMs} ms`);
  await Promise.all(booked.map((booking) => store.settle(booking, 1_150, 230)));
  return booked.length;
}

/**
 * Runs `loops` loops of {@link bookAndSettle} at once until `runMs` have passed; answers the
 * seats booked and the milliseconds it took (the last loop ends after the deadline).
 */
export async function bookFor(
  store: PostgresBudgetStore,
  terms: SharedEntryTerms,
  options: { readonly seats: number; readonly loops: number; readonly runMs: number },
): Promise<{ readonly booked: number; readonly elapsedMs: number }> {
  let booked = 0;
  const started = performance.now();
  const deadline = started + options.runMs;
  await Promise.all(
    Array.from({ length: options.loops }, async () => {
      while (performance.now() < deadline) {
        // Awaited first: `booked += await …` would add to the total as it was before the wait.
        const seats = await bookAndSettle(store, terms, options.seats);
        booked += seats;
      }
    }),
  );
  return { booked, elapsedMs: performance.now() - started };
}
