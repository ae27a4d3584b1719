// A stand-in for NCBI E-utilities that answers from the recorded-shape fixtures. Not exported.
import { fixture, reply, type FixtureHandler } from "./fixture-server.js";

/** The PMIDs the efetch fixture holds. */
export const KNOWN_PMIDS = ["38012345", "37654321"] as const;

/** The path prefix the tests give the tool as its base URL. */
export const EUTILS_PATH = "/entrez/eutils/";

/** Answers esearch with the search fixture and efetch with the article set (or an empty set for unknown ids). */
export const fakeNcbi: FixtureHandler = (request, response) => {
  const url = new URL(request.path, "http://fixture");
  if (url.pathname === `${EUTILS_PATH}esearch.fcgi`) {
    return reply(response, 200, fixture("pubmed-esearch.json"), {
      "content-type": "application/json; charset=UTF-8",
    });
  }
  if (url.pathname === `${EUTILS_PATH}efetch.fcgi`) {
    const ids = url.searchParams.get("id")?.split(",") ?? [];
    const known = ids.some((id) => (KNOWN_PMIDS as readonly string[]).includes(id));
    return reply(response, 200, fixture(known ? "pubmed-efetch.xml" : "pubmed-efetch-empty.xml"), {
      "content-type": "text/xml; charset=UTF-8",
    });
  }
  reply(response, 404, "<html><body>Not Found</body></html>", { "content-type": "text/html" });
};

/** NCBI's own error bodies echo the API key they were sent; so does this. */
export function echoingKey(
  name: "pubmed-api-key-invalid.json" | "pubmed-rate-limited.json",
  path: string,
): string {
  const key = new URL(path, "http://fixture").searchParams.get("api_key") ?? "";
  return fixture(name).replace("${API_KEY}", key);
}
