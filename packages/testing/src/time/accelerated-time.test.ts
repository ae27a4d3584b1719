import { afterEach, describe, expect, it } from "vitest";
import { openaiBody, post } from "../test-support/wire-client.js";
import { MockProviderServer } from "../server/mock-provider-server.js";
import { acceleratedTime } from "./accelerated-time.js";

describe("acceleratedTime", () => {
  let server: MockProviderServer | undefined;
  afterEach(async () => {
    await server?.stop();
  });

  it("a virtual delay fires after delay / factor real milliseconds, with the clock moved on by the whole delay", async () => {
    const time = acceleratedTime(1_000, 0);
    const realStart = performance.now();
    const virtualAtFire = await new Promise<number>((resolve) =>
      time.timers.setTimeout(() => resolve(time.clock.now()), 20_000),
    );
    expect(virtualAtFire).toBeGreaterThanOrEqual(20_000);
    expect(performance.now() - realStart).toBeLessThan(2_000);
  });

  it("a cleared timer never fires", async () => {
    const time = acceleratedTime(1_000);
    let fired = false;
    time.timers.clearTimeout(time.timers.setTimeout(() => (fired = true), 1_000));
    await new Promise<void>((resolve) => time.timers.setTimeout(resolve, 5_000));
    expect(fired).toBe(false);
  });

  it("refuses a factor that is not positive and finite", () => {
    expect(() => acceleratedTime(0)).toThrow(RangeError);
    expect(() => acceleratedTime(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("waiting out the server's retry-after on the accelerated timers passes a minute-long window in real milliseconds", async () => {
    // 30×: the window is two real seconds, so two back-to-back posts land inside it even on a
    // loaded machine (at 600× it lasted 100 ms, and a busy CI could miss the throttle altogether).
    const time = acceleratedTime(30);
    server = await MockProviderServer.start({
      limits: { requestsPerMinute: 1 },
      clock: time.clock,
    });
    const url = `${server.openaiBaseUrl}/chat/completions`;
    const realStart = performance.now();
    expect((await post(url, openaiBody())).status).toBe(200);
    let response = await post(url, openaiBody());
    while (response.status === 429) {
      const waitMs = Number(response.headers.get("retry-after")) * 1000;
      await new Promise<void>((resolve) => time.timers.setTimeout(resolve, waitMs));
      response = await post(url, openaiBody());
    }
    expect(response.status).toBe(200);
    expect(server.throttled).toBeGreaterThanOrEqual(1);
    expect(performance.now() - realStart).toBeLessThan(10_000);
  });
});
