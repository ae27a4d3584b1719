/** One parsed server-sent event: its name, raw data, and the data as JSON when it is JSON. */
export interface ParsedEvent {
  readonly event: string | undefined;
  readonly data: string;
  // Tests read wire shapes field by field; `any` keeps those reads short.
  readonly json: any;
}

/** What an SSE body held, and how reading it ended (`null` when it ended cleanly). */
export interface ReadEvents {
  readonly events: ParsedEvent[];
  readonly failure: unknown;
}

/** A fetch response whose JSON tests read field by field. */
export interface WireResponse extends Response {
  json(): Promise<any>; // wire shapes are asserted field by field, not typed
}

/** POSTs a JSON body (or raw text) the way the SDKs do, with any headers given. */
export function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<WireResponse> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...(signal === undefined ? {} : { signal }),
  }) as Promise<WireResponse>;
}

/** Reads an SSE body to its end (or until the connection fails) and parses its events. */
export async function readEvents(response: Response): Promise<ReadEvents> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let failure: unknown = null;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    failure = error;
  }
  const events = text
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const lines = block.split("\n");
      const event = lines.find((line) => line.startsWith("event: "))?.slice("event: ".length);
      const data = lines
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice("data: ".length))
        .join("\n");
      return { event, data, json: parseOrNull(data) };
    });
  return { events, failure };
}

function parseOrNull(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

/** A minimal valid Chat Completions body. */
export function openaiBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: "gpt-test",
    messages: [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Hello there" },
    ],
    ...extra,
  };
}

/** A minimal valid Messages body. */
export function anthropicBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: "claude-test",
    max_tokens: 1024,
    system: "Be brief.",
    messages: [{ role: "user", content: "Hello there" }],
    ...extra,
  };
}

/** A minimal valid Responses body. */
export function responsesBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: "gpt-test",
    instructions: "Be brief.",
    input: [{ role: "user", content: "Hello there" }],
    ...extra,
  };
}
