import { z } from "zod";

/**
 * What a call of an MCP tool returns to the thinker: the server's content parts (text, image,
 * audio, embedded resource, resource link — kept as the server sent them) and its structured
 * content when the tool declares an output schema. Tolerant of fields a newer server adds.
 */
export const McpToolOutputSchema = z.object({
  content: z.array(z.looseObject({ type: z.string() })),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
});

/** The output of an MCP tool's job. */
export type McpToolOutput = z.infer<typeof McpToolOutputSchema>;
/** One content part of an {@link McpToolOutput}. */
export type McpContentPart = McpToolOutput["content"][number];
