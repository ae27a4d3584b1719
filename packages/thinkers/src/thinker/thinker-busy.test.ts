import { describe, expect, it } from "vitest";
import {
  Summer,
  envelope,
  heldClient,
  thinkerTestRuntime,
} from "../test-support/thinker-fixtures.js";

// The toolless shape's twin of this rule is pinned in abstract-toolless-thinker.test.ts.
describe("thinker_busy", () => {
  it("a loop thinker instance that is running refuses a second run of itself", async () => {
    const { client, inside, release } = heldClient(envelope({ total: 3 }));
    const { dispatcher, environment } = thinkerTestRuntime(client);
    const thinker = new Summer({ environment });
    const first = dispatcher.submit(thinker, { numbers: [1, 2] });
    await inside;
    await expect(dispatcher.submit(thinker, { numbers: [3] })).rejects.toMatchObject({
      code: "thinker_busy",
      message: 'Thinker "summer" is already running; submit a new instance for a concurrent run.',
    });
    release();
    await expect(first).resolves.toEqual({ total: 3 });
  });
});
