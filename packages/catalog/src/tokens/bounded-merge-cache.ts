/**
 * How many merge results one encoding keeps, least recently used dropped first (gpt-tokenizer
 * keeps 100,000). A few thousand cover the multi-token words a workload repeats; the full
 * cache stays around 2.5 MB (docs/decisions/0014; the catalog README's memory bench).
 */
export const MERGE_CACHE_ENTRIES = 8_192;

/**
 * The longest piece whose merge result is kept. Longer pieces (hashes, long runs of
 * whitespace or punctuation) seldom repeat, and each would cost memory in proportion.
 */
export const MERGE_CACHE_PIECE_CHARS = 64;

// V8 copies a substring shorter than this; a longer one is a slice that points into the whole
// string it was cut from.
const V8_SLICE_MIN_CHARS = 13;

/**
 * gpt-tokenizer's merge cache (piece of text → its tokens), made safe for a long-running
 * process. The pieces the tokenizer caches are substrings of the text being counted, and in V8
 * a substring of 13 characters or more points into the whole original: one cached piece would
 * keep a whole tool result or answer alive for as long as the piece stays cached. Each key is
 * therefore stored as a string of its own, and pieces longer than
 * {@link MERGE_CACHE_PIECE_CHARS} are not stored at all; the number of entries is bounded by
 * gpt-tokenizer's own LRU eviction, set to {@link MERGE_CACHE_ENTRIES}.
 *
 * @internal
 */
export class BoundedMergeCache extends Map<string, number[]> {
  override set(piece: string, tokens: number[]): this {
    if (piece.length > MERGE_CACHE_PIECE_CHARS) return this;
    return super.set(detached(piece), tokens);
  }
}

/** The slice of a loaded gpt-tokenizer encoding module that bounding its cache touches. */
export interface MergeCacheHost {
  /** gpt-tokenizer's public way to set the cache's entry bound (0 turns the cache off). */
  setMergeCacheSize(size: number): void;
  /** The encoding object, which holds the cache on an undocumented field. */
  readonly default?: unknown;
}

/**
 * Puts a {@link BoundedMergeCache} in place of the map gpt-tokenizer's encoding caches merges
 * in, bounded to {@link MERGE_CACHE_ENTRIES}. The map sits on a field gpt-tokenizer does not
 * document; if a future version moves it, the cache is turned off instead (slower counting, but
 * a heap that stays flat) and this returns false. A test fails when that happens.
 *
 * @internal
 */
export function boundMergeCache(host: MergeCacheHost): boolean {
  const core = (
    host.default as { bytePairEncodingCoreProcessor?: { mergeCache?: unknown } } | undefined
  )?.bytePairEncodingCoreProcessor;
  if (core === undefined || !(core.mergeCache instanceof Map)) {
    host.setMergeCacheSize(0);
    return false;
  }
  host.setMergeCacheSize(MERGE_CACHE_ENTRIES);
  core.mergeCache = new BoundedMergeCache();
  return true;
}

/** `piece` as a string that does not keep a longer original alive. */
function detached(piece: string): string {
  if (piece.length < V8_SLICE_MIN_CHARS) return piece;
  // Slicing a concatenation makes V8 flatten it into a new string first, so the key points at
  // that copy (one character longer) instead of at the counted text. Measured by
  // bench/token-memory.ts; `piece.concat("")`, `${piece}` and `piece.repeat(1)` return the
  // slice itself and do not help.
  return ` ${piece}`.slice(1);
}
