import { describe, expect, it } from "vitest";
import { maskDatabaseUrl, passwordOf, UNPRINTABLE_DATABASE_URL } from "./mask-database-url.js";

describe("maskDatabaseUrl", () => {
  it("replaces the password of the user part and keeps the rest readable", () => {
    expect(maskDatabaseUrl("postgres://app:s3cret@db.internal:5432/nucleo?sslmode=require")).toBe(
      "postgres://app:***@db.internal:5432/nucleo?sslmode=require",
    );
  });

  it("leaves a URL without a password as it is", () => {
    expect(maskDatabaseUrl("postgresql://app@db/nucleo")).toBe("postgresql://app@db/nucleo");
    expect(maskDatabaseUrl("postgres://db/nucleo")).toBe("postgres://db/nucleo");
  });

  it("masks a password holding unescaped @, : or / whole, never in part", () => {
    const masked = maskDatabaseUrl("postgres://app:p@ss:w/rd@db/nucleo");
    expect(masked).toBe("postgres://app:***@db/nucleo");
  });

  it("masks password= and sslpassword= parameters", () => {
    expect(maskDatabaseUrl("postgres://db/nucleo?user=app&password=s3cret&sslpassword=k3y")).toBe(
      "postgres://db/nucleo?user=app&password=***&sslpassword=***",
    );
  });

  it("masks what it can of a URL too broken to parse", () => {
    expect(maskDatabaseUrl("postgres://app:s3cret@db:notaport/nucleo")).toBe(
      "postgres://app:***@db:notaport/nucleo",
    );
  });
});

describe("maskDatabaseUrl, text that is not a scheme:// URL", () => {
  it.each([
    [
      "a keyword/value connection string",
      "host=db.internal user=app password=s3cret dbname=nucleo",
    ],
    ["a URL without //", "postgres:app:s3cret@db/nucleo"],
  ])("shows none of %s", (_kind, url) => {
    expect(maskDatabaseUrl(url)).toBe(UNPRINTABLE_DATABASE_URL);
    expect(maskDatabaseUrl(url)).not.toContain("s3cret");
  });
});

describe("passwordOf", () => {
  it("decodes a percent-encoded password, and is undefined without one", () => {
    expect(passwordOf("postgres://app:p%40ss@db/nucleo")).toBe("p@ss");
    expect(passwordOf("postgres://app@db/nucleo")).toBeUndefined();
    expect(passwordOf("not a url")).toBeUndefined();
  });
});
