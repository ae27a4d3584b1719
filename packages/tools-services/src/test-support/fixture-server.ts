// A local HTTP server for the service tools' tests: answers like the real service from
// recorded-shape fixtures, records what it was asked. Not exported from the package.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach } from "vitest";

/** One request the server received. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query, as sent. */
  readonly path: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

/** Answers one request; `request.path` and `request.body` are already read. */
export type FixtureHandler = (
  request: RecordedRequest,
  response: ServerResponse,
) => void | Promise<void>;

/** A node:http server on 127.0.0.1, port 0, whose handler a test can swap. */
export class FixtureServer {
  readonly requests: RecordedRequest[] = [];
  #handler: FixtureHandler;

  private constructor(
    readonly server: Server,
    handler: FixtureHandler,
  ) {
    this.#handler = handler;
  }

  /** Starts a server that answers with `handler`. */
  static async start(handler: FixtureHandler): Promise<FixtureServer> {
    let fixture: FixtureServer | undefined;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const recorded = {
          method: request.method ?? "GET",
          path: request.url ?? "/",
          headers: request.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        };
        fixture!.requests.push(recorded);
        Promise.resolve(fixture!.#handler(recorded, response)).catch(() => response.destroy());
      });
    });
    fixture = new FixtureServer(server, handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return fixture;
  }

  /** `http://127.0.0.1:<port>` */
  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Replaces the handler for the following requests. */
  answer(handler: FixtureHandler): void {
    this.#handler = handler;
  }

  /** Stops the server, cutting connections still open (a request it never answers). */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** What {@link fixtureServerPerTest} hands a test file: reads through to the running test's server. */
export type FixtureServerHandle = Pick<FixtureServer, "origin" | "requests" | "answer">;

/**
 * Starts a fresh server answering with `handler` before each test of the file (or describe
 * block) that calls it, and closes it after, so no test sees another's requests or handler.
 */
export function fixtureServerPerTest(handler: FixtureHandler): FixtureServerHandle {
  let current: FixtureServer | undefined;
  beforeEach(async () => {
    current = await FixtureServer.start(handler);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const running = (): FixtureServer => {
    if (current === undefined) throw new Error("the fixture server runs only while a test does");
    return current;
  };
  return {
    get origin() {
      return running().origin;
    },
    get requests() {
      return running().requests;
    },
    answer: (next) => running().answer(next),
  };
}

/** An origin on 127.0.0.1 where nothing listens: connecting is refused. */
export async function refusingOrigin(): Promise<string> {
  const fixture = await FixtureServer.start(() => undefined);
  const origin = fixture.origin;
  await fixture.close();
  return origin;
}

/** Sends `body` with `status` and headers. */
export function reply(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, headers);
  response.end(body);
}

/** Streams `chunk` for as long as the client reads: a body that never ends. */
export function streamForever(response: ServerResponse, contentType: string): void {
  const chunk = Buffer.alloc(16 * 1024, "a");
  response.writeHead(200, { "content-type": contentType });
  const pump = (): void => {
    while (!response.destroyed && response.write(chunk));
    if (!response.destroyed) response.once("drain", pump);
  };
  pump();
}

/** Answers every request with the recorded article page (`fixtures/web-article.html`). */
export const articlePage: FixtureHandler = (_request, response) =>
  reply(response, 200, fixture("web-article.html"), { "content-type": "text/html; charset=utf-8" });

/** Handlers that answer nothing and never close: a server that hangs. */
export const neverAnswer: FixtureHandler = () => undefined;

/** The text of a file in `src/fixtures/`. */
export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");
}
