import { createHash } from "node:crypto";
import {
  keptText,
  type ContentField,
  type ContentPolicy,
  type SaidMessage,
  type SaidResponse,
} from "@nucleo/core";
import { jsonText, MalformedField } from "./column-values.js";
import type { StoredPart } from "../schema/stored-part.js";

/**
 * A part of a message as the recorder keeps it in `nucleo_messages.parts` (the README's "What
 * was said" describes it): text only, never media bytes, a thinking block's signature or a
 * redacted block's data.
 *
 * @internal
 */
export type KeptPart = StoredPart;

/** A message as kept: its role, its parts as JSON text, and the hash that keys it in its workflow. @internal */
export interface KeptMessage {
  readonly role: "system" | "user" | "assistant";
  /** `KeptPart[]` as JSON text, as `jsonb` can hold it. */
  readonly parts: string;
  /** sha256 over `{"role":…,"parts":…}` (exactly this JSON), first 32 hex characters. */
  readonly hash: string;
}

/** System texts remembered by value (a string has no identity to key a WeakMap by); few per process. */
const SYSTEM_TEXTS_KEPT = 64;

/**
 * Turns what was said into {@link KeptMessage}s under one content policy, each message object
 * once: a loop re-sends its whole conversation on every call, the same immutable turn objects
 * each time, so the kept form and hash of a turn are remembered by identity and a 50-turn loop
 * keeps each turn once rather than 1,275 times.
 *
 * @internal
 */
export class MessageKeeper {
  readonly #policy: ContentPolicy;
  readonly #turns = new WeakMap<object, KeptMessage>();
  readonly #systems = new Map<string, KeptMessage>();
  /** How many messages were made (redacted, capped, serialised, hashed), remembered ones not counted. */
  made = 0;

  constructor(policy: ContentPolicy) {
    this.#policy = policy;
  }

  /** A request's message (a conversation turn), remembered by identity. */
  message(message: SaidMessage, field: string): KeptMessage {
    if (typeof message !== "object" || message === null)
      throw new MalformedField(field, "is not a message");
    let kept = this.#turns.get(message);
    if (kept === undefined) {
      const role = message.role;
      if (role !== "user" && role !== "assistant")
        throw new MalformedField(`${field}.role`, "is neither user nor assistant");
      const parts = message.parts;
      if (!Array.isArray(parts)) throw new MalformedField(`${field}.parts`, "is not a list");
      const keptParts: KeptPart[] = new Array(parts.length);
      for (let index = 0; index < parts.length; index++)
        keptParts[index] = this.#part(parts[index], role, `${field}.parts[${index}]`);
      kept = this.#made(role, keptParts);
      this.#turns.set(message, kept);
    }
    return kept;
  }

  /** The system text as one `system` message with a single text part. */
  system(system: unknown, field: string): KeptMessage {
    const given = string(system, field);
    let kept = this.#systems.get(given);
    if (kept === undefined) {
      kept = this.#made("system", [
        { type: "text", text: keptText(given, "system", this.#policy) },
      ]);
      if (this.#systems.size >= SYSTEM_TEXTS_KEPT) this.#systems.clear();
      this.#systems.set(given, kept);
    }
    return kept;
  }

  /**
   * The response as the assistant message `Conversation.addAssistant` makes of it — thinking,
   * then the text when there is any, then the tool calls — so it is stored once with the next
   * request's copy of it.
   */
  response(response: SaidResponse, field: string): KeptMessage {
    if (typeof response !== "object" || response === null)
      throw new MalformedField(field, "is not a response");
    const { thinking, toolCalls } = response;
    const text = string(response.text, `${field}.text`);
    if (!Array.isArray(thinking)) throw new MalformedField(`${field}.thinking`, "is not a list");
    if (!Array.isArray(toolCalls)) throw new MalformedField(`${field}.toolCalls`, "is not a list");
    const parts: KeptPart[] = [];
    for (let index = 0; index < thinking.length; index++)
      parts.push(this.#part(thinking[index], "assistant", `${field}.thinking[${index}]`));
    if (text !== "") parts.push({ type: "text", text: this.#text(text, "response") });
    for (let index = 0; index < toolCalls.length; index++)
      parts.push(this.#part(toolCalls[index], "assistant", `${field}.toolCalls[${index}]`));
    return this.#made("assistant", parts);
  }

  #part(part: unknown, role: "user" | "assistant", field: string): KeptPart {
    if (typeof part !== "object" || part === null) throw new MalformedField(field, "is not a part");
    const given = part as Record<string, unknown>;
    switch (given.type) {
      case "text":
        // The model's words are `response` wherever they appear, so an answer and the same
        // turn re-sent in the next request are kept alike (and stored once).
        return {
          type: "text",
          text: this.#text(
            string(given.text, `${field}.text`),
            role === "user" ? "message" : "response",
          ),
        };
      case "image":
      case "file":
        return this.#media(given, given.type, field);
      case "thinking": {
        const text = this.#text(string(given.text, `${field}.text`), "thinking");
        return given.redacted === undefined
          ? { type: "thinking", text }
          : { type: "thinking", text, redacted: true };
      }
      case "tool_call":
        return {
          type: "tool_call",
          id: string(given.id, `${field}.id`),
          name: string(given.name, `${field}.name`),
          text: this.#text(string(given.text, `${field}.text`), "tool_call"),
        };
      case "tool_result":
        if (typeof given.isError !== "boolean")
          throw new MalformedField(`${field}.isError`, "is not true or false");
        return {
          type: "tool_result",
          callId: string(given.callId, `${field}.callId`),
          name: string(given.name, `${field}.name`),
          text: this.#text(string(given.text, `${field}.text`), "tool_result"),
          isError: given.isError,
        };
      default:
        throw new MalformedField(`${field}.type`, "is not a kind of part the recorder knows");
    }
  }

  /** Media without its bytes: the type, the name or URL, and how much base64 was left out. */
  #media(part: Record<string, unknown>, type: "image" | "file", field: string): KeptPart {
    const mediaType = string(part.mediaType, `${field}.mediaType`);
    const name = typeof part.name === "string" ? part.name : undefined;
    const source = part.source as { kind?: unknown; url?: unknown; data?: unknown } | undefined;
    // A URL may carry a signature in its query: the redaction hook sees it like any text.
    const url =
      source?.kind === "url" && typeof source.url === "string"
        ? this.#text(source.url, "message")
        : undefined;
    const data =
      typeof part.data === "string"
        ? part.data
        : source?.kind === "base64" && typeof source.data === "string"
          ? source.data
          : undefined;
    return {
      type,
      mediaType,
      ...(name !== undefined && { name }),
      ...(url !== undefined && { url }),
      ...(data !== undefined && { omittedChars: data.length }),
    };
  }

  #text(text: string, field: ContentField): string {
    return keptText(text, field, this.#policy);
  }

  #made(role: KeptMessage["role"], parts: readonly KeptPart[]): KeptMessage {
    this.made += 1;
    const json = jsonText(parts);
    const hash = createHash("sha256")
      .update(`{"role":"${role}","parts":${json}}`)
      .digest("hex")
      .slice(0, 32);
    return { role, parts: json, hash };
  }
}

function string(value: unknown, field: string): string {
  if (typeof value !== "string") throw new MalformedField(field, "is not text");
  return value;
}
