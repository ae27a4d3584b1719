import type { ServerResponse } from "node:http";
import { parseJsonObject, waitUnlessAborted, writeJson } from "./http-io.js";
import type { MockReply } from "./mock-types.js";
import { resolveAnswer, type AnswerContext } from "./resolve-answer.js";
import { startSse, writeSse } from "./sse-writer.js";
import type { ResolvedUsage } from "./wire-format.js";

/** Everything needed to answer one call. */
export interface ReplyContext extends AnswerContext {
  readonly response: ServerResponse;
  readonly stream: boolean;
  /** Aborts when the client goes away or the server stops. */
  readonly signal: AbortSignal;
  /** Headers every answer carries (the request id). */
  readonly headers: Record<string, string>;
  /** Told the usage an answer reported (`null`: none), for the rate limits and the counts. */
  readonly reportUsage: (usage: ResolvedUsage | null) => void;
}

const DEFAULT_GARBAGE = "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>";
const DEFAULT_STREAM_GARBAGE = "data: <html>this is not an event</html>\n\n";
const DEFAULT_CUT_TEXT = "This answer is cut off long before it reaches its end.";
const DEFAULT_CUT_EVENTS = 3;

/** Answers one call with a scripted reply, in the wire's JSON or stream form. */
export async function writeReply(reply: MockReply, context: ReplyContext): Promise<void> {
  const { response, wire, stream, headers } = context;
  switch (reply.kind) {
    case "slow":
      if (await waitUnlessAborted(reply.delayMs, context.signal))
        await writeReply(reply.reply, context);
      return;
    case "answer":
    case "no-usage": {
      if (reply.kind === "answer" && !(await waitUnlessAborted(reply.delayMs ?? 0, context.signal)))
        return;
      const answer =
        reply.kind === "answer"
          ? resolveAnswer(reply, context)
          : resolveAnswer({ kind: "answer", text: reply.text ?? "ok" }, context, false);
      context.reportUsage(answer.usage);
      if (!stream) return writeJson(response, 200, wire.answerBody(answer, context.body), headers);
      startSse(response, headers);
      return writeSse(response, wire.answerEvents(answer, context.body).events);
    }
    case "throttle": {
      const overloaded = reply.overloaded === true;
      const status = overloaded && wire.name === "anthropic" ? 529 : 429;
      const message = overloaded
        ? "Overloaded: the engine is currently overloaded, please try again later."
        : "Rate limit reached (scripted by the mock).";
      const retryAfter: Record<string, string> =
        reply.retryAfterSeconds === undefined
          ? {}
          : { "retry-after": String(reply.retryAfterSeconds) };
      const error = wire.error(status, message, overloaded ? "overloaded" : "rate_limit_requests");
      return writeJson(response, error.status, error.body, { ...headers, ...retryAfter });
    }
    case "error": {
      const error = wire.error(
        reply.status,
        reply.message ?? `The mock provider answered ${reply.status}, as scripted.`,
      );
      return writeJson(response, error.status, error.body, headers);
    }
    case "garbage":
      return writeGarbage(response, stream, reply.body, headers);
    case "cut-stream": {
      const answer = resolveAnswer(
        { kind: "answer", text: reply.text ?? DEFAULT_CUT_TEXT },
        context,
      );
      if (!stream)
        return writeTruncatedJson(response, wire.answerBody(answer, context.body), headers);
      const { events, finishIndex } = wire.answerEvents(answer, context.body);
      startSse(response, headers);
      return writeSse(
        response,
        events,
        Math.min(reply.afterEvents ?? DEFAULT_CUT_EVENTS, finishIndex),
      );
    }
  }
}

function writeGarbage(
  response: ServerResponse,
  stream: boolean,
  body: string | undefined,
  headers: Record<string, string>,
): void {
  const text = body ?? (stream ? DEFAULT_STREAM_GARBAGE : DEFAULT_GARBAGE);
  const contentType = stream
    ? "text/event-stream; charset=utf-8"
    : parseJsonObject(text).success
      ? "application/json"
      : "text/html; charset=utf-8";
  response.writeHead(200, { ...headers, "content-type": contentType });
  response.end(text);
}

/** A 200 JSON answer that ends cleanly halfway through its body: the client gets unparseable JSON. */
function writeTruncatedJson(
  response: ServerResponse,
  body: unknown,
  headers: Record<string, string>,
): void {
  const text = JSON.stringify(body);
  response.writeHead(200, { ...headers, "content-type": "application/json" });
  response.end(text.slice(0, Math.floor(text.length / 2)));
}
