/**
 * A part of a message as `nucleo_messages.parts` stores it (migration 0005), written by the
 * recorder and read back by the queries. Text was redacted and capped before it was written (a
 * capped text ends in core's `TRUNCATION_MARKER`); media bytes are never kept, only what
 * describes them; a redacted thinking block keeps neither its data nor its signature.
 */
export type StoredPart =
  | { readonly type: "text"; readonly text: string }
  | {
      readonly type: "image" | "file";
      readonly mediaType: string;
      readonly name?: string;
      readonly url?: string;
      /** How many characters of inline (base64) data were left out. */
      readonly omittedChars?: number;
    }
  | { readonly type: "thinking"; readonly text: string; readonly redacted?: true }
  | {
      readonly type: "tool_call";
      readonly id: string;
      readonly name: string;
      /** The arguments, as JSON text. */
      readonly text: string;
    }
  | {
      readonly type: "tool_result";
      readonly callId: string;
      readonly name: string;
      readonly text: string;
      readonly isError: boolean;
    };
