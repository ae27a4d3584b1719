import {
  ExternalServiceError,
  InvalidInputError,
  JobDispatcher,
  SystemError,
  ThrottleSignal,
  type RunEvent,
} from "@nucleo/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FetchFunction } from "../http/fetch-function.js";
import {
  fixtureServerPerTest,
  articlePage,
  neverAnswer,
  refusingOrigin,
  reply,
  streamForever,
} from "../test-support/fixture-server.js";
import { failureOf } from "../test-support/outcome.js";
import { watchOutboundSockets, type OutboundSockets } from "../test-support/outbound-sockets.js";
import type { HostLookup } from "./host-lookup.js";
import { WebFetchTool } from "./web-fetch-tool.js";
import type { WebFetchToolOptions } from "./web-fetch-options.js";

const server = fixtureServerPerTest(articlePage);
const dispatcher = new JobDispatcher();

/** The tool as the tests run it: fixture servers live on 127.0.0.1, so private networks are allowed. */
function tool(options: WebFetchToolOptions = {}): WebFetchTool {
  return new WebFetchTool({ allowPrivateNetworks: true, ...options });
}

function fetchPage(url: string, options?: WebFetchToolOptions) {
  return dispatcher.submit(tool(options), { url });
}

describe("web_fetch: success", () => {
  it("turns an HTML page into readable text with its title, dropping scripts, styles and images", async () => {
    const page = await fetchPage(`${server.origin}/articles/solid-state`);
    expect(page).toMatchObject({
      url: `${server.origin}/articles/solid-state`,
      status: 200,
      contentType: "text/html",
    });
    expect(page.title).toBe("Solid-state batteries: where the field stands & what comes next");
    expect(page.text).toContain("Solid-state batteries: where the field stands");
    expect(page.text).toContain("Sulfide electrolytes reached ionic conductivities above 10 mS/cm");
    expect(page.text).toContain("Dendrite growth at high current density");
    expect(page.text).toContain("original paper [https://doi.org/10.1038/s41586-020-2994-0]");
    expect(page.text).not.toMatch(/dataLayer|font-family|gtag|cell\.jpg/);
    expect(server.requests[0]?.headers["user-agent"]).toMatch(/^nucleo-web-fetch/);
  });

  it("follows a redirect itself and reports the final URL", async () => {
    server.answer((request, response) => {
      if (request.path === "/old") return reply(response, 301, "", { location: "/new" });
      reply(response, 200, "moved here", { "content-type": "text/plain" });
    });
    const page = await fetchPage(`${server.origin}/old`);
    expect(page).toEqual({
      url: `${server.origin}/new`,
      status: 200,
      contentType: "text/plain",
      text: "moved here",
    });
  });

  it("passes plain text and JSON through as sent", async () => {
    server.answer((request, response) =>
      request.path === "/data.json"
        ? reply(response, 200, '{"items":[1,2]}', { "content-type": "application/json" })
        : reply(response, 200, "line one\nline two", {
            "content-type": "text/plain; charset=utf-8",
          }),
    );
    expect((await fetchPage(`${server.origin}/data.json`)).text).toBe('{"items":[1,2]}');
    expect((await fetchPage(`${server.origin}/notes.txt`)).text).toBe("line one\nline two");
  });

  it("decodes a page in its declared charset", async () => {
    server.answer((_request, response) => {
      response.writeHead(200, { "content-type": "text/plain; charset=iso-8859-1" });
      response.end(Buffer.from([0x63, 0x61, 0x66, 0xe9])); // "café" in Latin-1
    });
    expect((await fetchPage(`${server.origin}/latin1`)).text).toBe("café");
  });
});

describe("web_fetch: correctable failures name url and its value", () => {
  it.each([404, 410, 400])("an HTTP %i is an InvalidInputError naming url", async (status) => {
    server.answer((_request, response) =>
      reply(response, status, "<h1>Not here</h1>", { "content-type": "text/html" }),
    );
    const url = `${server.origin}/missing`;
    const error = await failureOf(fetchPage(url));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ parameter: "url", value: url });
    expect(error.message).toContain('"url"');
    expect(error.message).toContain(url);
  });

  it.each([
    ["a malformed URL", "not a url", /absolute http or https URL/],
    ["a file URL", "file:///etc/passwd", /http or https URL/],
    ["an ftp URL", "ftp://example.org/file", /http or https URL/],
    ["a URL with credentials", "http://user:secret@127.0.0.1/", /without a user name or password/],
  ])("%s is refused before any request", async (_case, url, expected) => {
    const error = await failureOf(fetchPage(url));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ parameter: "url", value: url });
    expect(error.message).toMatch(expected);
    expect(server.requests).toHaveLength(0);
  });

  it("a type it does not read (an image) is refused clearly, naming the type", async () => {
    server.answer((_request, response) =>
      reply(response, 200, "\x89PNG", { "content-type": "image/png" }),
    );
    const error = await failureOf(fetchPage(`${server.origin}/logo.png`));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/HTML, plain-text or JSON page \(it answered with image\/png\)/);
  });
});

describe("web_fetch: uncorrectable failures name the service and step", () => {
  it("an HTTP 500 is ExternalServiceError('web', 'fetch page'), never SystemError('internal')", async () => {
    server.answer((_request, response) =>
      reply(response, 500, "oops", { "content-type": "text/plain" }),
    );
    const error = await failureOf(fetchPage(`${server.origin}/`));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(SystemError.isInstance(error)).toBe(false);
    expect(error).toMatchObject({ service: "web", step: "fetch page" });
    expect(error.message).toBe('The web service failed during "fetch page": HTTP 500.');
  });

  it("a refused connection is ExternalServiceError('web', 'fetch page')", async () => {
    const error = await failureOf(fetchPage(`${await refusingOrigin()}/`));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ service: "web", step: "fetch page" });
  });

  it("a 429 is a ThrottleSignal carrying Retry-After; out of retries the job fails as the web service's error", async () => {
    server.answer((_request, response) =>
      reply(response, 429, "slow down", { "retry-after": "7" }),
    );
    const throttled = new JobDispatcher({ throttle: { maxThrottles: 0 } });
    const error = await failureOf(throttled.submit(tool(), { url: `${server.origin}/` }));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ service: "web" });
    expect(ThrottleSignal.isInstance(error.cause)).toBe(true);
    expect((error.cause as ThrottleSignal).retryAfterMs).toBe(7_000);
  });

  it("a throttled call is retried by the dispatcher and then succeeds", async () => {
    server.answer((_request, response) => {
      if (server.requests.length === 1) return reply(response, 429, "", { "retry-after": "0" });
      reply(response, 200, "ok", { "content-type": "text/plain" });
    });
    const events: RunEvent[] = [];
    const retrying = new JobDispatcher({ observers: [{ onEvent: (event) => events.push(event) }] });
    expect((await retrying.submit(tool(), { url: `${server.origin}/` })).text).toBe("ok");
    expect(events.filter((event) => event.type === "job.retrying")).toEqual([
      expect.objectContaining({ reason: "throttle", delayMs: 0 }),
    ]);
  });
});

describe("web_fetch: every limit ends in a clear, bounded outcome", () => {
  it("a redirect loop is refused as a loop", async () => {
    server.answer((request, response) =>
      reply(response, 302, "", { location: request.path === "/a" ? "/b" : "/a" }),
    );
    const error = await failureOf(fetchPage(`${server.origin}/a`));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/does not redirect in a loop/);
    expect(server.requests).toHaveLength(2);
  });

  it("more redirects than the bound are refused after exactly that many", async () => {
    server.answer((request, response) =>
      reply(response, 307, "", { location: `/hop/${Number(request.path.split("/")[2] ?? 0) + 1}` }),
    );
    const error = await failureOf(fetchPage(`${server.origin}/hop/0`, { maxRedirects: 2 }));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/within 2 redirects/);
    expect(server.requests.map((request) => request.path)).toEqual(["/hop/0", "/hop/1", "/hop/2"]);
  });

  it("a redirect without a Location is the server's failure", async () => {
    server.answer((_request, response) => reply(response, 302, ""));
    const error = await failureOf(fetchPage(`${server.origin}/`));
    expect(error).toMatchObject({
      service: "web",
      step: "fetch page",
      message: 'The web service failed during "fetch page": HTTP 302.',
    });
  });

  it("a body that never ends stops at maxBytes instead of hanging", async () => {
    server.answer((_request, response) => streamForever(response, "text/plain"));
    const error = await failureOf(fetchPage(`${server.origin}/endless`, { maxBytes: 64 * 1024 }));
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/no larger than 65536 bytes/);
  });

  it("a declared Content-Length over maxBytes is refused without reading the body", async () => {
    server.answer((_request, response) =>
      reply(response, 200, "x".repeat(2_000), {
        "content-type": "text/plain",
        "content-length": "2000",
      }),
    );
    const error = await failureOf(fetchPage(`${server.origin}/big`, { maxBytes: 1_000 }));
    expect(error.message).toMatch(/no larger than 1000 bytes/);
  });

  it("a server that never answers ends at the time limit as the web service's failure", async () => {
    server.answer(neverAnswer);
    const error = await failureOf(fetchPage(`${server.origin}/slow`, { timeoutMs: 200 }));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'The web service failed during "fetch page": no complete answer within 200 ms.',
    );
  });

  it("a body that stalls half-way ends at the time limit too", async () => {
    server.answer((_request, response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.write("first half");
    });
    const error = await failureOf(fetchPage(`${server.origin}/stall`, { timeoutMs: 200 }));
    expect(error.message).toMatch(/no complete answer within 200 ms/);
  });

  it("cancelling the job stops the call as a cancellation, not a service failure", async () => {
    // The server takes the request and never answers; the test cancels once it has arrived.
    const received = new Promise<void>((resolve) => server.answer(() => resolve()));
    const handle = fetchPage(`${server.origin}/slow`);
    await received;
    handle.cancel("user left");
    const error = await failureOf(handle);
    expect(SystemError.isInstance(error) && error.code).toBe("cancelled");
  });
});

describe("web_fetch: the connection goes only to the addresses the check saw (no DNS rebinding)", () => {
  // Sockets that would leave the machine are stopped before they connect, and every name a
  // socket resolved is recorded: the tests see where each connection really went.
  let sockets: OutboundSockets;
  beforeEach(() => {
    sockets = watchOutboundSockets();
  });
  afterEach(() => sockets.stop());

  const port = (): string => new URL(server.origin).port;

  /** Answers `first` to the first lookup (the check) and 127.0.0.1 to every later one: a rebinding name. */
  function rebinding(first: string): { lookup: HostLookup; asked: string[] } {
    const asked: string[] = [];
    const lookup: HostLookup = async (hostname) => {
      asked.push(hostname);
      return [{ address: asked.length === 1 ? first : "127.0.0.1" }];
    };
    return { lookup, asked };
  }

  it.each([
    ["an IPv4", "93.184.215.14"],
    ["an IPv6", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  ])(
    "a name checked at %s public address that then resolves to 127.0.0.1 never reaches the local server",
    async (_family, publicAddress) => {
      const { lookup, asked } = rebinding(publicAddress);
      // `localhost`: a client that resolved the name again, with this resolver or the system's, would land on the server.
      const url = `http://localhost:${port()}/admin`;
      const error = await failureOf(dispatcher.submit(new WebFetchTool({ lookup }), { url }));
      expect(server.requests).toHaveLength(0);
      expect(sockets.resolved).toEqual([{ host: "localhost", address: publicAddress }]);
      expect(asked).toEqual(["localhost"]);
      // The connection to the checked address failed (the watch stopped it): a network failure.
      expect(error).toMatchObject({ service: "web", step: "fetch page" });
    },
  );

  it("a redirect target is pinned to its own check: a name that rebinds after it never reaches the local server", async () => {
    server.answer((request, response) =>
      request.path === "/start"
        ? reply(response, 302, "", { location: `http://localhost:${port()}/admin` })
        : reply(response, 200, "admin"),
    );
    const { lookup, asked } = rebinding("93.184.215.14");
    const error = await failureOf(
      dispatcher.submit(new WebFetchTool({ lookup, allowedHosts: ["127.0.0.1"] }), {
        url: `${server.origin}/start`,
      }),
    );
    expect(server.requests.map((request) => request.path)).toEqual(["/start"]);
    expect(sockets.resolved).toEqual([{ host: "localhost", address: "93.184.215.14" }]);
    expect(asked).toEqual(["localhost"]);
    expect(error).toMatchObject({ service: "web", step: "fetch page" });
  });

  it("the connection goes to the address the check resolved, the name kept in the Host header", async () => {
    // The check's answer is the local server; a later lookup would answer an address the watch stops.
    const asked: string[] = [];
    const lookup: HostLookup = async (hostname) => {
      asked.push(hostname);
      return [{ address: asked.length === 1 ? "127.0.0.1" : "192.0.2.1" }];
    };
    server.answer((_request, response) =>
      reply(response, 200, "wiki page", { "content-type": "text/plain" }),
    );
    const url = `http://wiki.internal:${port()}/home`;
    const page = await dispatcher.submit(new WebFetchTool({ lookup, allowPrivateNetworks: true }), {
      url,
    });
    expect(page).toMatchObject({ url, status: 200, text: "wiki page" });
    expect(server.requests.map((request) => request.headers.host)).toEqual([
      `wiki.internal:${port()}`,
    ]);
    expect(sockets.resolved).toEqual([{ host: "wiki.internal", address: "127.0.0.1" }]);
    expect(asked).toEqual(["wiki.internal"]);
  });

  it("every redirect hop is resolved once and connected to its own checked address", async () => {
    server.answer((request, response) =>
      request.headers.host?.startsWith("old.internal")
        ? reply(response, 301, "", { location: `http://new.internal:${port()}/page` })
        : reply(response, 200, "new home", { "content-type": "text/plain" }),
    );
    const asked: string[] = [];
    const lookup: HostLookup = async (hostname) => {
      asked.push(hostname);
      return [{ address: "127.0.0.1" }];
    };
    const page = await dispatcher.submit(new WebFetchTool({ lookup, allowPrivateNetworks: true }), {
      url: `http://old.internal:${port()}/page`,
    });
    expect(page.text).toBe("new home");
    expect(asked).toEqual(["old.internal", "new.internal"]);
    expect(sockets.resolved).toEqual([
      { host: "old.internal", address: "127.0.0.1" },
      { host: "new.internal", address: "127.0.0.1" },
    ]);
  });

  it("each call closes its connections before it returns", async () => {
    await fetchPage(`${server.origin}/articles/solid-state`);
    expect(sockets.sockets.length).toBeGreaterThan(0);
    expect(sockets.sockets.filter((socket) => !socket.destroyed).length).toBe(0);
  });

  it("a fetch given in the options is called as given, and resolves allowed hosts itself", async () => {
    // The tool cannot pin a client it did not build: no dispatcher is forced on it, and an
    // allowed host is not looked up by the tool (that client may reach it through a proxy).
    const lookup: HostLookup = () =>
      Promise.reject(new Error("the tool must not resolve an allowed host for a given fetch"));
    const inits: (RequestInit | undefined)[] = [];
    const toFixture: FetchFunction = (input, init) => {
      inits.push(init);
      return fetch(new URL(new URL(input).pathname, server.origin), init);
    };
    const page = await dispatcher.submit(
      new WebFetchTool({ fetch: toFixture, lookup, allowedHosts: ["wiki.internal"] }),
      {
        url: "http://wiki.internal/articles/solid-state",
      },
    );
    expect(page.status).toBe(200);
    expect(inits).toHaveLength(1);
    expect(inits[0]).not.toHaveProperty("dispatcher");
  });
});
