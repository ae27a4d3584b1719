import type {
  ContentBlockParam,
  DocumentBlockParam,
  ImageBlockParam,
} from "@anthropic-ai/sdk/resources/messages";
import type { FilePart, ImagePart, Part, ThinkingPart } from "@nucleo/conversation";
import { InvalidInputError } from "@nucleo/core";

const IMAGE_MEDIA_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

/**
 * The content blocks of one turn, in the Messages API's order: a user turn's `tool_result`
 * blocks come first (the API refuses a user message where other content precedes them); every
 * other part keeps its place, so an assistant turn's thinking blocks stay where the model put
 * them, which their signatures require.
 *
 * @internal
 */
export function toContentBlocks(
  parts: readonly Part[],
  role: "user" | "assistant",
): ContentBlockParam[] {
  const blocks = parts.map(toContentBlock).filter((block) => block !== undefined);
  if (role === "assistant") return blocks;
  return [
    ...blocks.filter((block) => block.type === "tool_result"),
    ...blocks.filter((block) => block.type !== "tool_result"),
  ];
}

function toContentBlock(part: Part): ContentBlockParam | undefined {
  switch (part.type) {
    case "text":
      // The API refuses empty or whitespace-only text blocks; such a part carries nothing anyway.
      return part.text.trim() === "" ? undefined : { type: "text", text: part.text };
    case "image":
      return toImageBlock(part);
    case "file":
      return toDocumentBlock(part);
    case "thinking":
      return toThinkingBlock(part);
    case "tool_call":
      return { type: "tool_use", id: part.id, name: part.name, input: part.arguments };
    case "tool_result":
      return {
        type: "tool_result",
        tool_use_id: part.callId,
        content: part.text,
        is_error: part.isError,
      };
  }
}

function toImageBlock(part: ImagePart): ImageBlockParam {
  if (part.source.kind === "url")
    return { type: "image", source: { type: "url", url: part.source.url } };
  if (!isImageMediaType(part.mediaType)) {
    throw new InvalidInputError({
      parameter: "image",
      expected: `an image the Anthropic API reads (${IMAGE_MEDIA_TYPES.join(", ")})`,
    });
  }
  return {
    type: "image",
    source: { type: "base64", media_type: part.mediaType, data: part.source.data },
  };
}

function toDocumentBlock(part: FilePart): DocumentBlockParam {
  if (part.mediaType === "application/pdf") {
    return {
      type: "document",
      title: part.name,
      source: { type: "base64", media_type: "application/pdf", data: part.data },
    };
  }
  if (part.mediaType === "text/plain") {
    // A plain-text document travels as text; the part holds it base64-encoded like any file.
    const text = Buffer.from(part.data, "base64").toString("utf8");
    return {
      type: "document",
      title: part.name,
      source: { type: "text", media_type: "text/plain", data: text },
    };
  }
  throw new InvalidInputError({
    parameter: "file",
    expected: "a file the Anthropic API reads as a document (application/pdf or text/plain)",
  });
}

/**
 * A thinking part goes back exactly as received. One with an `itemId` is an OpenAI reasoning
 * item (its `signature` is OpenAI's encrypted content, which Anthropic would refuse as a
 * signature), and one without a signature came from another provider or was never signed:
 * both are left out.
 */
function toThinkingBlock(part: ThinkingPart): ContentBlockParam | undefined {
  if (part.itemId !== undefined) return undefined;
  if (part.redacted !== undefined) return { type: "redacted_thinking", data: part.redacted };
  if (part.signature === undefined) return undefined;
  return { type: "thinking", thinking: part.text, signature: part.signature };
}

function isImageMediaType(mediaType: string): mediaType is ImageMediaType {
  return (IMAGE_MEDIA_TYPES as readonly string[]).includes(mediaType);
}
