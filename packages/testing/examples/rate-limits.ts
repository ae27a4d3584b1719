// examples/rate-limits.ts
import { MockProviderServer, acceleratedTime } from "@nucleo/testing";

// One virtual minute per real second: the server's window and the waiting share this time.
const time = acceleratedTime(60);
const server = await MockProviderServer.start({
  limits: { requestsPerMinute: 1 },
  clock: time.clock,
});
const call = () =>
  fetch(`${server.openaiBaseUrl}/chat/completions`, {
    method: "POST",
    body: JSON.stringify({ model: "gpt-5-mini", messages: [{ role: "user", content: "Hi" }] }),
  });

const first = await call();
const second = await call();
const retryAfterSeconds = Number(second.headers.get("retry-after"));
await new Promise<void>((resolve) => time.timers.setTimeout(resolve, retryAfterSeconds * 1000));
const third = await call();

console.log([first.status, second.status, third.status]); // [ 200, 429, 200 ]
console.log(retryAfterSeconds > 0 && retryAfterSeconds <= 60, server.throttled); // true 1
await server.stop();
