import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { failureOf } from "../test-support/outcome.js";
import { withPinnedFetch } from "./pinned-fetch.js";

// A self-signed certificate for `wiki.internal` only, made for these tests (never trusted elsewhere).
const cert = readFileSync(new URL("../fixtures/web-tls-cert.pem", import.meta.url));
const key = readFileSync(new URL("../fixtures/web-tls-key.pem", import.meta.url));

interface Seen {
  readonly servername: TLSSocket["servername"];
  readonly host: string | undefined;
}

let server: Server;
let seen: Seen[];
let port: number;

beforeEach(async () => {
  seen = [];
  server = createServer({ cert, key }, (request, response) => {
    seen.push({ servername: (request.socket as TLSSocket).servername, host: request.headers.host });
    response.end("secure page");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Fetches `url` through a connection pinned to 127.0.0.1 for `hostname`, trusting the test certificate. */
function fetchPinned(hostname: string, url: string): Promise<string> {
  return withPinnedFetch(
    { checked: { hostname, addresses: ["127.0.0.1"] }, ca: cert },
    async (fetch) => (await fetch(url)).text(),
  );
}

describe("withPinnedFetch: only the address is pinned, the name stays the name", () => {
  it("HTTPS to a pinned address verifies the certificate against the host name and sends it as SNI and Host", async () => {
    // `wiki.internal` has no DNS: the page can only come through the pinned address.
    expect(await fetchPinned("wiki.internal", `https://wiki.internal:${port}/`)).toBe(
      "secure page",
    );
    expect(seen).toEqual([{ servername: "wiki.internal", host: `wiki.internal:${port}` }]);
  });

  it("a certificate that does not name the host is refused, although the address is the pinned one", async () => {
    const failure = await failureOf(
      fetchPinned("other.internal", `https://other.internal:${port}/`),
    );
    expect((failure.cause as { code?: string } | undefined)?.code).toBe(
      "ERR_TLS_CERT_ALTNAME_INVALID",
    );
    expect(seen).toEqual([]);
  });

  it("a connection for a host that was not checked fails closed instead of resolving it", async () => {
    const failure = await failureOf(
      fetchPinned("wiki.internal", `https://elsewhere.internal:${port}/`),
    );
    expect((failure.cause as { code?: string } | undefined)?.code).toBe("ERR_UNCHECKED_HOST");
    expect(seen).toEqual([]);
  });
});
