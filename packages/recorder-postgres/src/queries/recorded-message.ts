import type { StoredPart } from "../schema/stored-part.js";

/** Who said a recorded message: the system text, the user side (tool results too), or the model. */
export type RecordedRole = "system" | "user" | "assistant";

/**
 * One part of a recorded message, as the content policy kept it (see `StoredPart`), or one of
 * a kind this version does not know.
 */
export type RecordedPart =
  | StoredPart
  | { readonly type: "unrecognized"; readonly partType: string };

/**
 * A message as the recorder keeps it: once per workflow, under the hash of its role and parts.
 * A model call's system text is a `system` message with one text part; its response is an
 * `assistant` message (thinking first, then the text, then the tool calls).
 */
export interface RecordedMessage {
  /** The content address within the workflow (the first 32 hex digits of a SHA-256). */
  readonly hash: string;
  readonly role: RecordedRole;
  readonly parts: readonly RecordedPart[];
}

/** A `nucleo_messages` row as read. */
export interface MessageRow {
  readonly hash: string;
  readonly role: string;
  readonly parts: unknown;
}

/**
 * A stored message as a {@link RecordedMessage}. The row is read, not trusted: a value of the
 * wrong type reads as empty text, a part of an unknown kind as `unrecognized`, so a row edited
 * by hand (or written by a later version) never breaks a transcript.
 *
 * @internal
 */
export function readMessage(row: MessageRow): RecordedMessage {
  const parts = Array.isArray(row.parts) ? row.parts.map(readPart) : [];
  const role = row.role === "system" || row.role === "assistant" ? row.role : "user";
  return { hash: row.hash, role, parts };
}

/** The text of a `system` message (its text parts, joined). @internal */
export function systemText(message: RecordedMessage): string {
  return message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
}

function readPart(value: unknown): RecordedPart {
  const part = (typeof value === "object" && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const type = part.type;
  switch (type) {
    case "text":
      return { type, text: text(part.text) };
    case "thinking":
      return part.redacted === true
        ? { type, text: text(part.text), redacted: true }
        : { type, text: text(part.text) };
    case "tool_call":
      return { type, id: text(part.id), name: text(part.name), text: text(part.text) };
    case "tool_result":
      return {
        type,
        callId: text(part.callId),
        name: text(part.name),
        text: text(part.text),
        isError: part.isError === true,
      };
    case "image":
    case "file":
      return {
        type,
        mediaType: text(part.mediaType),
        ...(typeof part.name === "string" && { name: part.name }),
        ...(typeof part.url === "string" && { url: part.url }),
        ...(typeof part.omittedChars === "number" && { omittedChars: part.omittedChars }),
      };
    default:
      return { type: "unrecognized", partType: typeof type === "string" ? type : typeof type };
  }
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");
