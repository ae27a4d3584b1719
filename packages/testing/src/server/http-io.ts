import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

/** A body read as a JSON object, or why it is not one. */
export type BodyResult =
  | { readonly success: true; readonly value: Record<string, unknown> }
  | { readonly success: false; readonly error: string };

const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** Reads a request body and parses it as a JSON object, or says why it is not one. */
export async function readJsonObject(request: IncomingMessage): Promise<BodyResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES)
      return { success: false, error: `The request body is larger than ${MAX_BODY_BYTES} bytes.` };
    chunks.push(chunk);
  }
  return parseJsonObject(Buffer.concat(chunks).toString("utf8"));
}

/** Parses text as a JSON object, or says why it is not one. */
export function parseJsonObject(text: string): BodyResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      success: false,
      error: "We could not parse the JSON body of your request. Send a valid JSON object.",
    };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { success: false, error: "The body of your request must be a JSON object." };
  }
  return { success: true, value: value as Record<string, unknown> };
}

/** Ends a response with a JSON body, unless the client already went away. */
export function writeJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(text)),
  });
  response.end(text);
}

/** Waits `ms` real milliseconds; resolves `false` instead when the signal aborts first. */
export async function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<boolean> {
  if (ms <= 0) return !signal.aborted;
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}
