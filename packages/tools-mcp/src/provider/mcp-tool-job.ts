import { AbstractTool, type JobContext, type JobResources } from "@nucleo/core";
import { z } from "zod";
import { refusedArguments } from "../errors/refused-arguments.js";
import type { McpToolCaller, McpToolTarget } from "./mcp-tool-caller.js";
import { McpToolOutputSchema, type McpToolOutput } from "./mcp-tool-output.js";

/** An MCP tool's arguments: any JSON object. The server validates them against its own schema. */
export const McpArgumentsSchema = z.record(z.string(), z.unknown());
/** The input of an MCP tool's job. */
export type McpArguments = z.infer<typeof McpArgumentsSchema>;

/** What a {@link McpToolJob} needs: the tool, how to reach it, and what it may claim. */
export interface McpToolJobOptions {
  readonly target: McpToolTarget;
  readonly caller: McpToolCaller;
  readonly description: string;
  readonly readOnly: boolean;
}

/**
 * One MCP tool as a job for the dispatcher: `execute` makes the `tools/call` request and hands
 * back the server's content. A result the server marks `isError` is a refusal of the arguments
 * (an MCP server reports bad input that way), so it becomes the correctable outcome.
 */
export class McpToolJob extends AbstractTool<McpArguments, McpToolOutput> {
  readonly name: string;
  readonly input = McpArgumentsSchema;
  readonly output = McpToolOutputSchema;
  override readonly description: string;
  override readonly readOnly: boolean;
  readonly #target: McpToolTarget;
  readonly #caller: McpToolCaller;

  constructor(options: McpToolJobOptions) {
    super();
    this.name = options.target.name;
    this.description = options.description;
    this.readOnly = options.readOnly;
    this.#target = options.target;
    this.#caller = options.caller;
  }

  async execute(
    input: McpArguments,
    _resources: JobResources,
    context: JobContext,
  ): Promise<McpToolOutput> {
    const result = await this.#caller.callTool(this.#target, input, context.signal);
    if (result.isError === true) {
      const firstText = result.content.find((part) => part.type === "text");
      throw refusedArguments({
        toolName: this.#target.name,
        text: firstText?.text,
        inputSchema: this.#target.inputSchema,
        secrets: this.#caller.secrets,
      });
    }
    return result.structuredContent === undefined
      ? { content: result.content }
      : { content: result.content, structuredContent: result.structuredContent };
  }
}
