import type { McpContentPart, McpToolOutput } from "./mcp-tool-output.js";

/**
 * Renders an MCP tool's output as the text a model reads: text parts as they are, an embedded
 * text resource as its URI and text, and what a text model cannot read (images, audio, binary
 * resources, links) as a short bracketed note such as `[image: image/png]`. Parts are joined
 * by newlines; a result with only structured content is rendered as its JSON.
 *
 * @example
 * formatMcpContent({ content: [{ type: "text", text: "Here:" }, { type: "image", data: "…", mimeType: "image/png" }] });
 * // "Here:\n[image: image/png]"
 */
export function formatMcpContent(output: McpToolOutput): string {
  if (output.content.length === 0) {
    return output.structuredContent === undefined
      ? "(the tool returned no content)"
      : JSON.stringify(output.structuredContent);
  }
  return output.content.map(formatPart).join("\n");
}

function formatPart(part: McpContentPart): string {
  switch (part.type) {
    case "text":
      return stringField(part, "text") ?? "";
    case "image":
    case "audio":
      return `[${part.type}: ${stringField(part, "mimeType") ?? "unknown type"}]`;
    case "resource":
      return formatResource(part.resource);
    case "resource_link": {
      const name = stringField(part, "name");
      const uri = stringField(part, "uri") ?? "unknown URI";
      return `[resource link: ${name === undefined ? uri : `${name} <${uri}>`}]`;
    }
    default:
      return `[${part.type} content]`;
  }
}

function formatResource(resource: unknown): string {
  if (typeof resource !== "object" || resource === null) return "[resource]";
  const uri = stringField(resource, "uri") ?? "unknown URI";
  const text = stringField(resource, "text");
  if (text !== undefined) return `[resource: ${uri}]\n${text}`;
  return `[resource: ${uri} (${stringField(resource, "mimeType") ?? "binary"})]`;
}

function stringField(value: object, key: string): string | undefined {
  const field = (value as Record<string, unknown>)[key];
  return typeof field === "string" ? field : undefined;
}
