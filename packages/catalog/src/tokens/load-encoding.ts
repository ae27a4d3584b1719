import { createRequire } from "node:module";
import type * as o200kBase from "gpt-tokenizer/encoding/o200k_base";
import type { CatalogEntry } from "../entry/catalog-entry.js";
import { boundMergeCache, type MergeCacheHost } from "./bounded-merge-cache.js";

/** A public tokenizer encoding a catalog entry may name. */
export type TokenizerEncoding = NonNullable<CatalogEntry["tokenizer"]>;

/** The slice of gpt-tokenizer's per-encoding API that counting uses. */
export type LoadedEncoding = Pick<typeof o200kBase, "countTokens" | "encode"> & MergeCacheHost;

const MODULES: Record<TokenizerEncoding, string> = {
  o200k_base: "gpt-tokenizer/encoding/o200k_base",
  cl100k_base: "gpt-tokenizer/encoding/cl100k_base",
};

// A synchronous require keeps `count()` synchronous while loading lazily: an encoding's rank
// table is megabytes of JavaScript (about half a second to load), so importing it eagerly would
// tax every importer of the catalog, including those that never count a token.
const requireEncoding = createRequire(import.meta.url);
const loaded = new Map<TokenizerEncoding, LoadedEncoding>();

/**
 * The gpt-tokenizer API of `encoding`, loaded on first use and shared by the whole process,
 * with its merge cache bounded ({@link boundMergeCache}): the process may be a worker that
 * counts every request, tool result and answer for days.
 *
 * @internal
 */
export function loadEncoding(encoding: TokenizerEncoding): LoadedEncoding {
  let api = loaded.get(encoding);
  if (api === undefined) {
    api = requireEncoding(MODULES[encoding]) as LoadedEncoding;
    boundMergeCache(api);
    loaded.set(encoding, api);
  }
  return api;
}
