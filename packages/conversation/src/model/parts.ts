/**
 * The parts a turn is made of. Every part carries `text`: what it weighs on the wire as text
 * (a tool call's JSON, a result's content), which is what token counting reads.
 */

/** Plain text. */
export interface TextPart {
  readonly type: "text";
  readonly text: string;
  /**
   * The id of the OpenAI Responses `message` item that carried the text (`msg_…`), on an
   * answer's text: a reasoning item goes back only followed by that item, id and all.
   */
  readonly itemId?: string;
  /**
   * That message item's `phase` (`commentary` or `final_answer`) when the API sent one, passed
   * back as received.
   */
  readonly phase?: string;
}

/**
 * Conservative token weights for what is not text, so a seat is not priced as if an image or
 * a file were free: about what a provider charges for a large image, and roughly one token per
 * 30 bytes of a document. The provider's reported usage corrects them at settlement.
 */
export const NON_TEXT_TOKENS = { image: 1_600, fileBytesPerToken: 30 } as const;

/** An image, inline (base64) or by URL. Its `text` is empty; `tokens` is its estimated weight. */
export interface ImagePart {
  readonly type: "image";
  readonly mediaType: string;
  /** Base64 data, or an `https:` URL. */
  readonly source:
    | { readonly kind: "base64"; readonly data: string }
    | { readonly kind: "url"; readonly url: string };
  readonly text: "";
  readonly tokens: number;
}

/** A file such as a PDF, inline (base64). */
export interface FilePart {
  readonly type: "file";
  readonly mediaType: string;
  readonly name: string;
  readonly data: string;
  readonly text: "";
  readonly tokens: number;
}

/**
 * A model's native reasoning, kept so providers that require it get it back unchanged: an
 * Anthropic thinking block, or an OpenAI Responses reasoning item (which has an `itemId`). A
 * client sends back only its own provider's kind and leaves the other out.
 */
export interface ThinkingPart {
  readonly type: "thinking";
  /** The reasoning's text (an OpenAI reasoning item's summary), possibly empty. */
  readonly text: string;
  /**
   * The provider's opaque token for the block, passed back as received: Anthropic's integrity
   * signature, or an OpenAI reasoning item's encrypted content.
   */
  readonly signature?: string;
  /** A redacted block's opaque data, passed back as received. */
  readonly redacted?: string;
  /** The id of an OpenAI Responses reasoning item (`rs_…`); absent on Anthropic blocks. */
  readonly itemId?: string;
}

/** A call the model asked for. `id` is the provider's, or one the runtime minted. */
export interface ToolCallPart {
  readonly type: "tool_call";
  readonly id: string;
  readonly name: string;
  /** The parsed arguments (an object). */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The arguments as JSON text. */
  readonly text: string;
  /**
   * The id of the OpenAI Responses `function_call` item that carried the call (`fc_…`), sent
   * back with it: the API pairs a reasoning item with the item that followed it by this id.
   */
  readonly itemId?: string;
}

/** What a tool returned for one call, as the model will read it. */
export interface ToolResultPart {
  readonly type: "tool_result";
  readonly callId: string;
  readonly name: string;
  readonly text: string;
  readonly isError: boolean;
}

/** Any part of a turn. */
export type Part = TextPart | ImagePart | FilePart | ThinkingPart | ToolCallPart | ToolResultPart;

/** Builders for parts, so callers never spell the `text` bookkeeping themselves. */
export const Parts = {
  text(text: string): TextPart {
    return { type: "text", text };
  },
  image(mediaType: string, source: ImagePart["source"]): ImagePart {
    return { type: "image", mediaType, source, text: "", tokens: NON_TEXT_TOKENS.image };
  },
  file(mediaType: string, name: string, data: string): FilePart {
    const bytes = Math.floor((data.length * 3) / 4);
    return {
      type: "file",
      mediaType,
      name,
      data,
      text: "",
      tokens: Math.ceil(bytes / NON_TEXT_TOKENS.fileBytesPerToken),
    };
  },
  thinking(text: string, signature?: string): ThinkingPart {
    return signature === undefined
      ? { type: "thinking", text }
      : { type: "thinking", text, signature };
  },
  toolCall(id: string, name: string, args: Readonly<Record<string, unknown>>): ToolCallPart {
    return { type: "tool_call", id, name, arguments: args, text: JSON.stringify(args) };
  },
  toolResult(callId: string, name: string, text: string, isError = false): ToolResultPart {
    return { type: "tool_result", callId, name, text, isError };
  },
} as const;
