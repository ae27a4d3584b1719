// A stand-in for EPO OPS v3.2 (OAuth token and published-data claims) answering from the
// recorded-shape fixtures. Not exported from the package.
import { fixture, reply, type FixtureHandler } from "./fixture-server.js";

/** What the fake accepts and issues. */
export interface FakeOpsOptions {
  readonly consumerKey: string;
  readonly consumerSecret: string;
  /** The n-th token issued (1-based). */
  readonly accessToken?: (issued: number) => string;
  /** Seconds, as OPS sends it (a string). Default "1199". */
  readonly expiresIn?: string;
}

const CLAIMS_PATH = /^\/3\.2\/rest-services\/published-data\/publication\/epodoc\/([^/]+)\/claims$/;
const DOCUMENTS: Readonly<Record<string, string>> = {
  EP1000000: "epo-claims.xml",
  EP2000000: "epo-claims-de.xml",
};

/** Issues tokens for the right Basic credentials and serves claims for a valid bearer token. */
export class FakeOps {
  tokensIssued = 0;
  readonly #valid = new Set<string>();

  constructor(readonly options: FakeOpsOptions) {}

  /** Makes every token issued so far invalid (revoked, or expired early on OPS's side). */
  revokeAll(): void {
    this.#valid.clear();
  }

  readonly handler: FixtureHandler = (request, response) => {
    const { consumerKey, consumerSecret } = this.options;
    if (request.method === "POST" && request.path === "/3.2/auth/accesstoken") {
      const expected = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString("base64")}`;
      if (
        request.headers.authorization !== expected ||
        request.body !== "grant_type=client_credentials"
      ) {
        return reply(
          response,
          401,
          fixture("epo-token-invalid-client.json").replace("${CLIENT_ID}", consumerKey),
          { "content-type": "application/json" },
        );
      }
      this.tokensIssued += 1;
      const token = this.options.accessToken?.(this.tokensIssued) ?? `token-${this.tokensIssued}`;
      this.#valid.add(token);
      const body = fixture("epo-token.json")
        .replace("${CLIENT_ID}", consumerKey)
        .replace("${ACCESS_TOKEN}", token)
        .replace('"expires_in" : "1199"', `"expires_in" : "${this.options.expiresIn ?? "1199"}"`);
      return reply(response, 200, body, { "content-type": "application/json" });
    }
    const claims = CLAIMS_PATH.exec(request.path);
    if (request.method === "GET" && claims !== null) {
      const bearer = request.headers.authorization?.replace(/^Bearer /, "") ?? "";
      if (!this.#valid.has(bearer)) {
        return reply(
          response,
          401,
          `<fault xmlns="http://ops.epo.org"><code>CLIENT.InvalidAccessToken</code><message>Invalid access token: ${bearer}</message></fault>`,
          { "content-type": "application/xml" },
        );
      }
      const document = DOCUMENTS[decodeURIComponent(claims[1]!)];
      if (document === undefined)
        return reply(response, 404, fixture("epo-fault-not-found.xml"), {
          "content-type": "application/xml",
        });
      return reply(response, 200, fixture(document), { "content-type": "application/xml" });
    }
    reply(response, 404, "", {});
  };
}
