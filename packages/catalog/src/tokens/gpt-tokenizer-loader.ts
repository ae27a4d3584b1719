import { createRequire } from "node:module";
import { SystemError, type Logger } from "@nucleo/core";
import type { CatalogEntry } from "../entry/catalog-entry.js";
import { boundMergeCache, type MergeCacheHost } from "./bounded-merge-cache.js";

/** A public tokenizer encoding a catalog entry may name. */
export type TokenizerEncoding = NonNullable<CatalogEntry["tokenizer"]>;

/**
 * The slice of gpt-tokenizer's per-encoding API that counting uses, declared here rather than
 * imported: the catalog's published types must not need the optional peer.
 */
export interface LoadedEncoding extends MergeCacheHost {
  countTokens(text: string, options?: { readonly disallowedSpecial?: ReadonlySet<string> }): number;
}

/** The package exact counts need: an optional peer of the catalog. */
export const GPT_TOKENIZER = "gpt-tokenizer";

/** Said once when gpt-tokenizer is absent and an entry that would be counted exactly is estimated. */
export const GPT_TOKENIZER_MISSING_WARNING =
  "@nucleo/catalog: gpt-tokenizer is not installed, so entries with a public tokenizer (OpenAI's) are counted by the calibrated estimate instead of exactly. Add it for exact counts: pnpm add gpt-tokenizer";

const MODULES: Record<TokenizerEncoding, string> = {
  o200k_base: "gpt-tokenizer/encoding/o200k_base",
  cl100k_base: "gpt-tokenizer/encoding/cl100k_base",
};

/** How a {@link GptTokenizerLoader} finds modules. */
export interface GptTokenizerLoaderOptions {
  /** Loads a module synchronously (default: `createRequire` beside this file). */
  readonly require?: ((specifier: string) => unknown) & { resolve(specifier: string): string };
}

/**
 * Loads gpt-tokenizer's encodings on first use, or reports that the package is not installed.
 * gpt-tokenizer is an optional peer (its rank tables are tens of megabytes): without it,
 * {@link TokenCounters} estimates what it would count exactly, and the loader says so once per
 * process (the process's loader is shared).
 *
 * A synchronous require keeps `count()` synchronous while loading lazily: an encoding's rank
 * table takes about half a second to load, so importing it eagerly would tax every importer of
 * the catalog, including those that never count a token.
 *
 * @internal
 */
export class GptTokenizerLoader {
  readonly #require: NonNullable<GptTokenizerLoaderOptions["require"]>;
  readonly #loaded = new Map<TokenizerEncoding, LoadedEncoding>();
  #installed: boolean | undefined;
  #warned = false;

  constructor(options: GptTokenizerLoaderOptions = {}) {
    this.#require = options.require ?? createRequire(import.meta.url);
  }

  /** True when gpt-tokenizer can be loaded; resolving it loads nothing. */
  installed(): boolean {
    if (this.#installed === undefined) {
      try {
        this.#require.resolve(MODULES.o200k_base);
        this.#installed = true;
      } catch (error) {
        if (!isMissingTokenizer(error)) throw error;
        this.#installed = false;
      }
    }
    return this.#installed;
  }

  /** Tells `logger`, the first time only, that counts that would be exact are estimated. */
  warnMissing(logger: Logger): void {
    if (this.#warned) return;
    this.#warned = true;
    logger.warn({ package: GPT_TOKENIZER }, GPT_TOKENIZER_MISSING_WARNING);
  }

  /**
   * The API of `encoding`, loaded once, with its merge cache bounded ({@link boundMergeCache}):
   * the process may be a worker that counts every request, tool result and answer for days.
   * Fails naming the package to add when gpt-tokenizer is not installed.
   */
  load(encoding: TokenizerEncoding): LoadedEncoding {
    let api = this.#loaded.get(encoding);
    if (api === undefined) {
      try {
        api = this.#require(MODULES[encoding]) as LoadedEncoding;
      } catch (error) {
        if (!isMissingTokenizer(error)) throw error;
        throw new SystemError({
          code: "tokenizer_missing",
          message: `Counting ${encoding} tokens exactly needs ${GPT_TOKENIZER}, which is not installed: pnpm add ${GPT_TOKENIZER}`,
          cause: error,
        });
      }
      boundMergeCache(api);
      this.#loaded.set(encoding, api);
    }
    return api;
  }
}

/** The loader the whole process shares, so each encoding loads once and the warning is said once. */
export const processTokenizer = new GptTokenizerLoader();

// Only gpt-tokenizer itself being absent falls back; a broken install of it still fails loudly.
function isMissingTokenizer(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : "";
  return (
    (code === "MODULE_NOT_FOUND" || code === "ERR_MODULE_NOT_FOUND") &&
    (message.includes(`'${GPT_TOKENIZER}'`) || message.includes(`'${GPT_TOKENIZER}/`))
  );
}
