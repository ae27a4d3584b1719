import { existsSync, readFileSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The path of a tarball of a freshly initialised PGlite data folder, made once and kept in
 * `cacheDir` across runs, keyed by PGlite's version. PGlite runs initdb on every new in-memory
 * instance, which takes seconds; loading this tarball instead is several times quicker.
 */
export async function pgliteSnapshot(cacheDir: string): Promise<string> {
  const file = join(cacheDir, `pglite-${pgliteVersion()}-initdb.tgz`);
  if (existsSync(file)) return file;
  // PGlite itself, not the recorder's factory: this runs in vitest's global setup, which does
  // not resolve sibling packages from source, and the factory's error type reaches @nucleo/core
  // (built only later in a fresh clone). Type parsers do not matter to a dump of the folder.
  const { PGlite } = await import("@electric-sql/pglite");
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

function pgliteVersion(): string {
  // PGlite's exports map hides its package.json; its entry file sits in dist/ beside it.
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = JSON.parse(readFileSync(join(dirname(entry), "..", "package.json"), "utf8")) as {
    version?: string;
  };
  return manifest.version ?? "unknown";
}
