import { describe, expect, it } from "vitest";
import { fixture } from "../test-support/fixture-server.js";
import { parseOpsClaims } from "./parse-ops-claims.js";
import { checkPublicationNumber } from "./publication-number.js";

describe("parseOpsClaims", () => {
  it("prefers the English claims, one text per claim-text, whitespace collapsed and entities decoded", () => {
    expect(parseOpsClaims(fixture("epo-claims.xml"))).toEqual({
      kind: "claims",
      language: "EN",
      claims: [
        "1. An apparatus for converting images, comprising: a lens (10) having a focal length < 50 mm; and a sensor arranged behind the lens.",
        "2. The apparatus according to claim 1, wherein the lens is aspherical.",
        "3. A method of operating the apparatus according to claim 1 or 2.",
      ],
    });
  });

  it("falls back to the first language when there are no English claims", () => {
    expect(parseOpsClaims(fixture("epo-claims-de.xml"))).toEqual({
      kind: "claims",
      language: "DE",
      claims: ["1. Verfahren zur Herstellung eines Festelektrolyten."],
    });
  });

  it("a readable answer without claims holds none", () => {
    expect(
      parseOpsClaims(
        '<ops:world-patent-data xmlns:ops="http://ops.epo.org"><ftxt:fulltext-documents/></ops:world-patent-data>',
      ),
    ).toEqual({ kind: "none" });
  });

  it.each([
    ["a truncated answer", fixture("epo-claims.xml").slice(0, 900)],
    ["a fault document", fixture("epo-fault-not-found.xml")],
    ["an HTML gateway page", "<html><body>502 Bad Gateway</body></html>"],
    ["JSON", '{"claims":[]}'],
  ])("%s is unreadable", (_case, text) => {
    expect(parseOpsClaims(text)).toBeUndefined();
  });
});

describe("checkPublicationNumber", () => {
  it.each([
    ["EP1234567", "EP1234567"],
    ["ep 1 234 567", "EP1234567"],
    ["EP0123456", "EP0123456"],
  ])("accepts %s as %s", (value, normalized) => {
    expect(checkPublicationNumber(value)).toBe(normalized);
  });

  it.each(["US1234567", "EP1234567A1", "1234567", "EP", "EP12-34567", ""])(
    "refuses %s naming publication_number",
    (value) => {
      expect(() => checkPublicationNumber(value)).toThrow(/"publication_number"/);
    },
  );
});
