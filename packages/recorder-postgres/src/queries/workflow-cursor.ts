import { InvalidInputError } from "@nucleo/core";

/**
 * A workflow's place in the list's order: its submission, as the database's exact key text
 * (epoch microseconds, or `-infinity` for a workflow whose submission is not recorded, which
 * sorts last), then its id.
 *
 * @internal
 */
export interface WorkflowCursor {
  /** Epoch microseconds as decimal text, or `infinity` / `-infinity`. */
  readonly submitted: string;
  readonly rootId: string;
}

/** The longest cursor taken: an id of some thousands of characters, far past any real one. */
const MAX_CURSOR_LENGTH = 8_192;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Epoch microseconds: a whole number PostgreSQL's `bigint` holds. */
const MICROSECONDS = /^-?\d{1,19}$/;
const BIGINT_MIN = -(2n ** 63n);
const BIGINT_MAX = 2n ** 63n - 1n;
const INFINITE = new Set(["infinity", "-infinity"]);

/**
 * The opaque `next` of a page: base64url of the JSON `[submitted, rootId]` of its last
 * workflow. Opaque to callers, who only hand it back; not signed, as it grants nothing: it only
 * says where the next page starts, and the filters still apply.
 *
 * @internal
 */
export function encodeWorkflowCursor(cursor: WorkflowCursor): string {
  return Buffer.from(JSON.stringify([cursor.submitted, cursor.rootId]), "utf8").toString(
    "base64url",
  );
}

/**
 * Reads a cursor back; anything that is not one this package made (a cut, an edit, another
 * list's token) is an `InvalidInputError` naming `cursor`.
 *
 * @internal
 */
export function decodeWorkflowCursor(cursor: unknown): WorkflowCursor {
  if (typeof cursor !== "string" || cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor))
    throw malformed();
  const bytes = Buffer.from(cursor, "base64url");
  // Buffer skips what it cannot read: a cursor must be exactly the encoding of its bytes.
  if (bytes.toString("base64url") !== cursor) throw malformed();
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw malformed();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw malformed();
  const [submitted, rootId] = parsed as unknown[];
  if (
    typeof submitted !== "string" ||
    !(INFINITE.has(submitted) || (MICROSECONDS.test(submitted) && inBigint(BigInt(submitted)))) ||
    typeof rootId !== "string" ||
    rootId === "" ||
    rootId.includes("\u0000")
  )
    throw malformed();
  return { submitted, rootId };
}

function inBigint(value: bigint): boolean {
  return value >= BIGINT_MIN && value <= BIGINT_MAX;
}

function malformed(): InvalidInputError {
  return new InvalidInputError({
    parameter: "cursor",
    expected: "the `next` of a previous page of workflows, unchanged",
  });
}
