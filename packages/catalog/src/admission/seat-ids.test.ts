// Seat ids name a seat beyond its admission: the recorder keys seats by id, and a fleet (or a
// worker restarted on the same database) runs many admissions.
import { describe, expect, it } from "vitest";
import { catalogOf, entry } from "../test-support/entries.js";
import { CatalogAdmission } from "./catalog-admission.js";

const catalog = catalogOf(entry({ id: "roomy" }));
const request = { entryId: "roomy", inputTokens: 1, maxOutputTokens: 0 };

describe("CatalogAdmission: seat ids", () => {
  it("seat ids are unique across admissions, not only within one", () => {
    const ids = Array.from({ length: 3 }, () => new CatalogAdmission({ catalog })).flatMap(
      (admission) => [admission.reserveNow(request)!.id, admission.reserveNow(request)!.id],
    );
    expect(new Set(ids).size).toBe(6);
    expect(ids[0]).toMatch(/^seat-[A-Za-z0-9_-]{12}-1$/);
  });
});
