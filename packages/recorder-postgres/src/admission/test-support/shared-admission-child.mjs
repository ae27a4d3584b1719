// One worker process of the multi-process admission test (across-processes.test.ts): a
// CatalogAdmission sharing its budgets through a PostgresBudgetStore, reserving SEATS seats on
// one entry. It speaks JSON lines: on stdout it reports what happens ({"event": ...}); on stdin
// it takes "go" (start reserving) and "stop" (abort what still waits, close, exit). It never
// prints its database URL, and exits by itself if the test goes quiet.
import { createInterface } from "node:readline";
import { CatalogAdmission, parseCatalog } from "@nucleo/catalog";
import { openRecorderDatabase, PostgresBudgetStore } from "@nucleo/recorder-postgres";

const {
  NUCLEO_CHILD_DATABASE_URL: url,
  NUCLEO_CHILD_ENTRY: entryId,
  NUCLEO_CHILD_NAME: name,
} = process.env;
const seats = Number(process.env.NUCLEO_CHILD_SEATS);
const requestsPerMinute = Number(process.env.NUCLEO_CHILD_RPM);
const lifetimeMs = Number(process.env.NUCLEO_CHILD_LIFETIME_MS);

const report = (event, fields = {}) =>
  process.stdout.write(`${JSON.stringify({ event, ...fields })}\n`);
const fail = (error) => {
  report("error", { message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
};
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);
// The test kills its children when it ends; this is the backstop if it cannot.
const lifetime = setTimeout(
  () => fail(new Error(`${name} outlived its ${lifetimeMs} ms`)),
  lifetimeMs,
);

const catalog = parseCatalog(
  [
    {
      id: entryId,
      provider: "openai",
      model: "shared-test-model",
      grade: "MEDIUM",
      contextWindow: 100_000,
      outputCeiling: 4_000,
      prices: {
        currency: "USD",
        effectiveFrom: "2025-01-01",
        source: "multi-process test",
        input: "1",
        output: "1",
      },
      limits: { requestsPerMinute },
      // The window's limit is what this test shares between processes: no pace spreads it.
      pacing: "off",
    },
  ],
  "multi-process test catalog",
);
const connection = await openRecorderDatabase({ url, migrate: false });
const store = new PostgresBudgetStore(connection.db);
// The admission's view of the store, reported: what it booked, and when it was told to wait.
let toldToWait = false;
const reportWait = (waitMs) => {
  if (toldToWait) return;
  toldToWait = true;
  report("waiting", { waitMs });
};
const reportingStore = {
  async book(demand, now, windowMs) {
    const answer = await store.book(demand, now, windowMs);
    if ("booked" in answer) report("booked", { id: answer.booked.id });
    else reportWait(answer.waitMs);
    return answer;
  },
  async bookInOrder(terms, seats, now, windowMs, turn) {
    const answer = await store.bookInOrder(terms, seats, now, windowMs, turn);
    for (const booking of answer.booked) report("booked", { id: booking.id });
    if (answer.waitMs > 0) reportWait(answer.waitMs);
    return answer;
  },
  settle: (booking, inputTokens, outputTokens) => store.settle(booking, inputTokens, outputTokens),
  cancel: (booking) => store.cancel(booking),
  coolDown: (entry, until) => store.coolDown(entry, until),
};
const failOnLog = (fields, message) => fail(new Error(`${message} ${JSON.stringify(fields)}`));
const admission = new CatalogAdmission({
  catalog,
  shared: reportingStore,
  logger: { error: failOnLog, warn: failOnLog, info() {}, debug() {} },
});
const controller = new AbortController();
const granted = [];
let reservations = [];

report("ready");
for await (const line of createInterface({ input: process.stdin })) {
  if (line === "go") {
    reservations = Array.from({ length: seats }, (_, index) =>
      admission
        .reserve(
          { entryId, inputTokens: 10, maxOutputTokens: 10 },
          { signal: controller.signal, jobId: `${name}-job-${index}` },
        )
        .then(
          (seat) => {
            granted.push(seat.grantedAt);
            report("granted", { seat: seat.id, at: seat.grantedAt });
            if (granted.length === seats) report("done");
          },
          () => {},
        ),
    );
  } else if (line === "stop") {
    controller.abort(new Error("stopped by the test"));
    await Promise.all(reservations);
    await connection.close();
    clearTimeout(lifetime);
    report("stopped", { granted: granted.length, grantedAt: granted });
    process.exit(0);
  }
}
