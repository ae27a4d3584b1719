import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";

/**
 * The path of a tarball of a freshly initialised PGlite data folder, made once and kept in
 * `cacheDir` across runs, keyed by PGlite's version: a new in-memory PGlite runs initdb, which
 * takes seconds; loading the tarball is several times quicker.
 */
export async function pgliteSnapshot(cacheDir: string): Promise<string> {
  const file = join(cacheDir, `pglite-${pgliteVersion()}-initdb.tgz`);
  if (existsSync(file)) return file;
  const pglite = await PGlite.create();
  try {
    const tarball = await pglite.dumpDataDir("gzip");
    await mkdir(cacheDir, { recursive: true });
    // Written aside and renamed, so a run killed half-way never leaves half a tarball.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await pglite.close();
  }
  return file;
}

/** A new in-memory PGlite, from the snapshot when there is one (falling back to initdb). */
export async function snapshotPglite(snapshotFile: string | null): Promise<PGlite> {
  if (snapshotFile === null) return PGlite.create();
  const loadDataDir = new Blob([await readFile(snapshotFile)]);
  return PGlite.create({ loadDataDir }).catch(() => PGlite.create());
}

function pgliteVersion(): string {
  // PGlite's exports map hides its package.json; its entry file sits in dist/ beside it.
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = JSON.parse(readFileSync(join(dirname(entry), "..", "package.json"), "utf8")) as {
    version?: string;
  };
  return manifest.version ?? "unknown";
}
