import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadPglite, type PgliteModule } from "./load-pglite.js";
import { openPglite } from "./open-pglite.js";
import { RecorderDatabaseError } from "./recorder-database-error.js";

/** An import that fails as Node's does when `missing` is not installed. */
function importWithout(missing: string): () => Promise<PgliteModule> {
  return () =>
    Promise.reject(
      Object.assign(
        new Error(
          `Cannot find package '${missing}' imported from /app/node_modules/@nucleo/recorder-postgres/dist/index.js`,
        ),
        { code: "ERR_MODULE_NOT_FOUND" },
      ),
    );
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("PGlite, the recorder's optional peer", () => {
  it("loads when installed, as it is here", async () => {
    expect(typeof (await loadPglite()).PGlite.create).toBe("function");
  });

  it("the embedded database without @electric-sql/pglite fails naming the package to add", async () => {
    const failure = await openPglite(undefined, importWithout("@electric-sql/pglite")).catch(
      (error: unknown) => error,
    );
    expect(RecorderDatabaseError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      code: "recorder_pglite_missing",
      message: expect.stringContaining("pnpm add @electric-sql/pglite"),
    });
  });

  it("without @electric-sql/pglite, no data folder is created", async () => {
    const parent = mkdtempSync(join(tmpdir(), "nucleo-no-pglite-"));
    folders.push(parent);
    const dataDir = join(parent, "pglite");
    await expect(openPglite(dataDir, importWithout("@electric-sql/pglite"))).rejects.toMatchObject({
      code: "recorder_pglite_missing",
    });
    expect(existsSync(dataDir)).toBe(false);
  });

  it("a broken PGlite install (a module of its own missing) fails as it is, without the install hint", async () => {
    const failure = await loadPglite(importWithout("@electric-sql/pglite-tools")).catch(
      (error: unknown) => error,
    );
    expect(RecorderDatabaseError.isInstance(failure)).toBe(false);
    expect(failure).toMatchObject({ code: "ERR_MODULE_NOT_FOUND" });
  });
});
