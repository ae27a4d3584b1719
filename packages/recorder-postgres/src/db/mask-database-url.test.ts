import { describe, expect, it } from "vitest";
import { maskDatabaseUrl, passwordOf } from "./mask-database-url.js";

describe("maskDatabaseUrl", () => {
  it("replaces the password of the user part and keeps the rest readable", () => {
    expect(maskDatabaseUrl("postgres://app:s3cret@db.internal:5432/nucleo?sslmode=require")).toBe("postgres://app:***@db.internal:5432/nucleo?sslmode=require");
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
    expect(maskDatabaseUrl("postgres://db/nucleo?user=app&password=s3cret&sslpassword=k3y")).toBe("postgres://db/nucleo?user=app&password=***&sslpassword=***");
  });

  it("masks what it can of a URL too broken to parse", () => {
    expect(maskDatabaseUrl("postgres://app:s3cret@db:notaport/nucleo")).toBe("postgres://app:***@db:notaport/nucleo");
  });
});

describe("passwordOf", () => {
  it("decodes a percent-encoded password, and is undefined without one", () => {
    expect(passwordOf("postgres://app:p%40ss@db/nucleo")).toBe("p@ss");
    expect(passwordOf("postgres://app@db/nucleo")).toBeUndefined();
    expect(passwordOf("not a url")).toBeUndefined();
  });
});
