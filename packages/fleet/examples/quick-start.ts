// examples/quick-start.ts
import { PGlite } from "@electric-sql/pglite";
import { FleetError, openFleetQueue } from "@nucleo/fleet";

// The queue lives in PostgreSQL: here an embedded PGlite database (on a server: { url }).
const pglite = await PGlite.create();
const queue = await openFleetQueue({ database: { pglite } });

// What the client knows of workflows: a check of each submission (the worker's registry).
// What it throws reaches the caller as it is, and nothing is queued.
const client = queue.client({
  check(name, input) {
    if (name !== "greet") throw new Error(`Unknown workflow "${name}"`);
    const { who } = input as { who?: unknown };
    if (typeof who !== "string") throw new Error("greet: `who` must be a string");
    return { who };
  },
});

// A worker: takes workflows from the queue, two at a time, and runs each.
const server = await queue.serve(async (run) => `Hello, ${(run.input as { who: string }).who}!`, {
  concurrency: 2,
});

const { id } = await client.submit("greet", { who: "Ada" }, { idempotencyKey: "greet-ada" });
console.log(await client.result(id)); // Hello, Ada!
const again = await client.submit("greet", { who: "Ada" }, { idempotencyKey: "greet-ada" });
console.log(again.id === id, again.created); // true false
console.log((await client.status(id))?.state); // finished
await client.submit("greet", { who: 42 }).catch((error: Error) => console.log(error.message)); // greet: `who` must be a string

// Cancel a workflow that has not started: waiting for its result then says so.
const later = await client.submit("greet", { who: "Grace" }, { startAfter: 3600 });
await client.cancel(later.id);
await client
  .result(later.id)
  .catch((error) => console.log(FleetError.isInstance(error) && error.code)); // cancelled

await server.drain(); // takes nothing new, lets running workflows end
await queue.close();
await pglite.close(); // the queue never closes a PGlite it was given
