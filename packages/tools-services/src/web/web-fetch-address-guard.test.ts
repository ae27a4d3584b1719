// web_fetch's address guard, through the tool: which URLs and resolved addresses it refuses
// before any request, and what the deployment can allow.
import { InvalidInputError, JobDispatcher } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import type { FetchFunction } from "../http/fetch-function.js";
import { fixtureServerPerTest, articlePage, reply } from "../test-support/fixture-server.js";
import { failureOf } from "../test-support/outcome.js";
import { watchOutboundSockets } from "../test-support/outbound-sockets.js";
import type { HostLookup } from "./host-lookup.js";
import { WebFetchTool } from "./web-fetch-tool.js";

const server = fixtureServerPerTest(articlePage);
const dispatcher = new JobDispatcher();

describe("web_fetch: only the public internet unless the deployment allows more", () => {
  const unreachable: FetchFunction = () =>
    Promise.reject(new Error("the fetch must not be called"));
  const resolvesTo =
    (...addresses: string[]): HostLookup =>
    async () =>
      addresses.map((address) => ({ address }));

  it.each([
    ["127.0.0.1", "http://127.0.0.1:8080/admin", /loopback/],
    ["[::1]", "http://[::1]/", /loopback/],
    ["an IPv4-mapped loopback", "http://[::ffff:127.0.0.1]/", /loopback/],
    ["the cloud metadata address", "http://169.254.169.254/latest/meta-data/", /link-local/],
    ["a unique-local IPv6 address", "http://[fd00::1]/", /unique-local/],
    ["127.0.0.1 written as one decimal number", "http://2130706433/", /loopback/],
    ["127.0.0.1 written in hex", "http://0x7f.0.0.1/", /loopback/],
    ["the unspecified address", "http://0.0.0.0:8080/", /unspecified/],
    ["the metadata address, IPv4-mapped in hex", "http://[::ffff:a9fe:a9fe]/", /link-local/],
    ["a NAT64 form of loopback", "http://[64:ff9b::7f00:1]/", /loopback/],
    ["a 6to4 form of a private address", "http://[2002:a00:1::1]/", /private/],
    ["a Teredo address", "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", /reserved/],
  ])("by default it refuses %s without sending a request", async (_case, url, reason) => {
    const error = await failureOf(
      dispatcher.submit(new WebFetchTool({ fetch: unreachable }), { url }),
    );
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ parameter: "url", value: url });
    expect(error.message).toMatch(reason);
  });

  it("by default it refuses a host name that resolves to a private address", async () => {
    const error = await failureOf(
      dispatcher.submit(new WebFetchTool({ fetch: unreachable, lookup: resolvesTo("10.0.0.5") }), {
        url: "https://intranet.example/wiki",
      }),
    );
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(
      /its host is a private address, which this deployment does not fetch/,
    );
  });

  it("one private address among public ones is enough to refuse", async () => {
    const lookup = resolvesTo(
      "93.184.215.14",
      "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
      "::ffff:192.168.0.10",
    );
    const error = await failureOf(
      dispatcher.submit(new WebFetchTool({ fetch: unreachable, lookup }), {
        url: "https://mixed.example/",
      }),
    );
    expect(error.message).toMatch(/private address/);
  });

  it.each([
    ["an IPv4-mapped loopback", "::ffff:127.0.0.1", /loopback/],
    ["an IPv4-compatible private address", "::10.0.0.5", /private/],
    ["an IPv4-translated metadata address", "::ffff:0:169.254.169.254", /link-local/],
  ])(
    "with its own transport it refuses a name resolving to %s before any connection opens",
    async (_case, address, reason) => {
      const sockets = watchOutboundSockets();
      try {
        const error = await failureOf(
          dispatcher.submit(new WebFetchTool({ lookup: resolvesTo("93.184.215.14", address) }), {
            url: "https://mapped.example/",
          }),
        );
        expect(InvalidInputError.isInstance(error)).toBe(true);
        expect(error.message).toMatch(reason);
        expect(sockets.sockets).toHaveLength(0);
      } finally {
        sockets.stop();
      }
    },
  );

  it("a host name that resolves only to public addresses is fetched", async () => {
    // The fetch sends the public name's request to the fixture server instead.
    const toFixture: FetchFunction = (input, init) =>
      fetch(new URL(new URL(input).pathname, server.origin), init);
    const page = await dispatcher.submit(
      new WebFetchTool({ fetch: toFixture, lookup: resolvesTo("93.184.215.14", "2606:4700::1") }),
      {
        url: "https://public.example/articles/solid-state",
      },
    );
    expect(page.url).toBe("https://public.example/articles/solid-state");
  });

  it("a host that does not exist is the model's to correct", async () => {
    const lookup: HostLookup = () =>
      Promise.reject(
        Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.invalid"), { code: "ENOTFOUND" }),
      );
    const error = await failureOf(
      dispatcher.submit(new WebFetchTool({ fetch: unreachable, lookup }), {
        url: "https://nowhere.invalid/",
      }),
    );
    expect(error).toMatchObject({ parameter: "url", value: "https://nowhere.invalid/" });
    expect(error.message).toMatch(/host name exists/);
  });

  it("a resolver failure is the web service's, not the model's", async () => {
    const lookup: HostLookup = () =>
      Promise.reject(Object.assign(new Error("queryA ESERVFAIL"), { code: "ESERVFAIL" }));
    const error = await failureOf(
      dispatcher.submit(new WebFetchTool({ fetch: unreachable, lookup }), {
        url: "https://flaky.example/",
      }),
    );
    expect(error).toMatchObject({ service: "web", step: "resolve host" });
  });

  it("an allow-listed host is fetched although it is private", async () => {
    const page = await dispatcher.submit(new WebFetchTool({ allowedHosts: ["127.0.0.1"] }), {
      url: `${server.origin}/articles/solid-state`,
    });
    expect(page.status).toBe(200);
  });

  it("a redirect from an allowed host to a private address is refused before it is followed", async () => {
    server.answer((_request, response) =>
      reply(response, 302, "", { location: "http://169.254.169.254/latest/meta-data/" }),
    );
    const url = `${server.origin}/bounce`;
    const error = await failureOf(
      dispatcher.submit(new WebFetchTool({ allowedHosts: ["127.0.0.1"] }), { url }),
    );
    expect(InvalidInputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ parameter: "url", value: url });
    expect(error.message).toMatch(/it redirects to a host at a link-local address/);
    expect(server.requests).toHaveLength(1);
  });
});
