import { RequestFailedError } from "./request-failed-error.js";

/** A body read up to a limit: all of it, or the news that it was larger. */
export type LimitedBody =
  | { readonly complete: true; readonly bytes: Uint8Array }
  | { readonly complete: false };

/**
 * Streams a response body and stops as soon as it passes `maxBytes`, cancelling the rest, so
 * an endless or huge answer ends in a clear outcome instead of a hang or an exhausted heap.
 * A declared `Content-Length` over the limit is refused before reading anything. Counts the
 * decoded bytes (fetch has already undone gzip/brotli), which also bounds a compression bomb.
 *
 * @internal
 */
export async function readBodyLimited(
  response: Response,
  maxBytes: number,
  signal: AbortSignal,
): Promise<LimitedBody> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discardBody(response);
    return { complete: false };
  }
  if (response.body === null) return { complete: true, bytes: new Uint8Array(0) };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { complete: false };
      }
      chunks.push(value);
    }
  } catch (error) {
    if (signal.aborted) throw error;
    throw RequestFailedError.from(error);
  } finally {
    reader.releaseLock();
  }
  return { complete: true, bytes: concat(chunks, total) };
}

/** Frees the connection of a response whose body is not wanted. */
export async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
