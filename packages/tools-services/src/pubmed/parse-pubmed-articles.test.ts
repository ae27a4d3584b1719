import { describe, expect, it } from "vitest";
import { fixture } from "../test-support/fixture-server.js";
import { parsePubMedArticles } from "./parse-pubmed-articles.js";
import { parseSearch } from "./parse-search.js";

describe("parsePubMedArticles", () => {
  it("reads each record's own PMID, title without markup, labelled abstract, journal and year", () => {
    expect(parsePubMedArticles(fixture("pubmed-efetch.xml"))).toEqual([
      {
        pmid: "38012345",
        title: "A sulfide electrolyte with Li+ conductivity above 10 mS cm-1 & stable interfaces.",
        abstract:
          "BACKGROUND: Solid-state batteries promise higher energy density, but interfacial degradation limits cycle life.\n\n" +
          "METHODS: We synthesised Li6PS5Cl by a solvent-free route and cycled symmetric cells at 2 mA cm-2.\n\n" +
          "RESULTS: Cells retained 92% capacity after 1,000 cycles.",
        journal: "Nature",
        year: 2023,
      },
      {
        pmid: "37654321",
        title: "Dendrite suppression in garnet electrolytes.",
        abstract:
          "Garnet-type Li7La3Zr2O12 suffers from dendrite penetration; an interlayer raises the critical current density to 1.2 mA cm-2.",
        journal: "ACS energy letters",
        year: 2023,
      },
    ]);
  });

  it("reads a book chapter (PubmedBookArticle)", () => {
    expect(parsePubMedArticles(fixture("pubmed-efetch-book.xml"))).toEqual([
      {
        pmid: "20301295",
        title: "BRCA1- and BRCA2-Associated Hereditary Breast and Ovarian Cancer",
        abstract:
          "CLINICAL CHARACTERISTICS: BRCA1- and BRCA2-associated hereditary breast and ovarian cancer is characterized by an increased risk for female and male breast cancer.",
        journal: "GeneReviews®",
        year: 1993,
      },
    ]);
  });

  it("an empty set is no articles", () => {
    expect(parsePubMedArticles(fixture("pubmed-efetch-empty.xml"))).toEqual([]);
  });

  it.each([
    ["a truncated document", fixture("pubmed-efetch.xml").slice(0, 2_000)],
    ["an HTML error page", "<html><body><h1>502 Bad Gateway</h1></body></html>"],
    ["an eFetchResult error", "<eFetchResult><ERROR>Cannot retrieve</ERROR></eFetchResult>"],
    ["JSON", '{"error":"x"}'],
  ])("%s is unreadable", (_case, text) => {
    expect(parsePubMedArticles(text)).toBeUndefined();
  });
});

describe("parseSearch", () => {
  it("reads the ids in rank order", () => {
    expect(parseSearch(fixture("pubmed-esearch.json"))).toEqual({
      kind: "ids",
      ids: ["38012345", "37654321"],
    });
    expect(parseSearch(fixture("pubmed-esearch-empty.json"))).toEqual({ kind: "ids", ids: [] });
  });

  it("an ERROR from the service is a refusal of the term", () => {
    expect(parseSearch(fixture("pubmed-esearch-error.json"))).toEqual({ kind: "refused" });
  });

  it.each(["<html>Service unavailable</html>", "{", '{"header":{}}', "null"])(
    "garbage is unreadable: %s",
    (text) => {
      expect(parseSearch(text)).toEqual({ kind: "unreadable" });
    },
  );
});
