/**
 * Reads a tool call's `function.arguments` text. The text is the model's output, so it is
 * untrusted: anything but a JSON object yields `undefined`, and the caller decides what an
 * unreadable call becomes.
 *
 * @internal
 */
export function parseToolArguments(text: string): Record<string, unknown> | undefined {
  // Some servers send an empty string for a call without arguments.
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
