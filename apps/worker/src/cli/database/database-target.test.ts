import { describe, expect, it } from "vitest";
import { resolveDatabaseTarget, scrubPassword } from "./database-target.js";

describe("resolveDatabaseTarget", () => {
  const env = { DATABASE_URL: "postgres://app:from-env@db:5432/nucleo" };
  const defaults = { callerCwd: "/w", defaultDataDir: "/pkg/.nucleo/pglite" };

  it("takes --url, else --data-dir, else DATABASE_URL, else the worker's PGlite folder", () => {
    expect(resolveDatabaseTarget({ url: "postgres://u:pw@h/db" }, env, defaults)).toMatchObject({
      kind: "postgres",
      source: "--url",
    });
    expect(resolveDatabaseTarget({ dataDir: "data" }, env, defaults)).toMatchObject({
      kind: "pglite",
      dataDir: "/w/data",
      source: "--data-dir",
    });
    expect(resolveDatabaseTarget({}, env, defaults)).toMatchObject({
      kind: "postgres",
      url: env.DATABASE_URL,
      source: "DATABASE_URL",
    });
    expect(resolveDatabaseTarget({}, {}, defaults)).toMatchObject({
      kind: "pglite",
      dataDir: "/pkg/.nucleo/pglite",
      source: "default",
    });
  });

  it("shows a URL with its password masked and scrubs the password from any message", () => {
    const target = resolveDatabaseTarget(
      { url: "postgres://app:p%40ss w0rd@db:5432/nucleo" },
      {},
      defaults,
    );
    expect(target.shown).toBe("postgres://app:***@db:5432/nucleo");
    expect(
      scrubPassword(
        "connect postgres://app:p%40ss w0rd@db:5432/nucleo failed; password p@ss w0rd",
        target,
      ),
    ).toBe("connect postgres://app:***@db:5432/nucleo failed; password ***");
  });
});
