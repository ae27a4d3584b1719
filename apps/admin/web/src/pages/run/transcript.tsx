/**
 * One model call's transcript: the system text, each message's parts (text, thinking, tool
 * calls with their arguments, tool results), and the answer, with what the call was and cost.
 * Every piece of it is untrusted text.
 *
 * @packageDocumentation
 */

import type { MessagePart, MessageView, ModelCallView } from "../../../../src/api/contract.ts";
import { api } from "../../api/endpoints.ts";
import { ErrorBanner, JsonBlock, Loading } from "../../components/common.tsx";
import { formatCount, formatDuration, formatTime, textOrPrettyJson } from "../../lib/format.ts";
import { escapeControls } from "../../lib/untrusted-segments.ts";
import { UntrustedText } from "../../lib/untrusted-text.tsx";
import { useApi } from "../../use-api.ts";

function ToolText({ text }: { readonly text: string }) {
  return (
    <div className="json-block">
      <pre className="mono">
        <UntrustedText text={textOrPrettyJson(text)} />
      </pre>
    </div>
  );
}

function Part({ part }: { readonly part: MessagePart }) {
  switch (part.type) {
    case "text":
      return (
        <div className="part part-text" data-testid="transcript-text">
          <UntrustedText text={part.text} />
        </div>
      );
    case "thinking":
      return (
        <details className="part part-thinking" data-testid="transcript-thinking">
          <summary>thinking{part.redacted ? " (redacted)" : ""}</summary>
          <div className="pre-wrap">
            <UntrustedText text={part.text} />
          </div>
        </details>
      );
    case "tool_call":
      return (
        <div className="part part-tool-call" data-testid="transcript-tool-call">
          <div className="part-label">
            tool call{" "}
            <strong className="mono">
              <UntrustedText text={part.name} links={false} />
            </strong>{" "}
            <span className="mono subtle">
              <UntrustedText text={part.id} links={false} />
            </span>
          </div>
          <ToolText text={part.text} />
        </div>
      );
    case "tool_result":
      return (
        <div
          className={part.isError ? "part part-tool-result is-error" : "part part-tool-result"}
          data-testid="transcript-tool-result"
        >
          <div className="part-label">
            tool result{part.isError ? " (error)" : ""}{" "}
            <strong className="mono">
              <UntrustedText text={part.name} links={false} />
            </strong>{" "}
            <span className="mono subtle">
              <UntrustedText text={part.callId} links={false} />
            </span>
          </div>
          <ToolText text={part.text} />
        </div>
      );
    default:
      return (
        <div className="part part-other" data-testid="transcript-other">
          <span className="part-label">
            <UntrustedText text={part.kind} links={false} />
          </span>{" "}
          {part.name !== undefined ? <UntrustedText text={part.name} links={false} /> : null}{" "}
          {part.url !== undefined ? <UntrustedText text={part.url} /> : null}
        </div>
      );
  }
}

function Message({
  message,
  answer = false,
}: {
  readonly message: MessageView;
  readonly answer?: boolean;
}) {
  return (
    <div
      className={
        answer
          ? "message answer"
          : `message role-${/^[a-z]+$/.test(message.role) ? message.role : "other"}`
      }
      data-testid={answer ? "transcript-answer" : "transcript-message"}
    >
      <div className="message-role">
        {answer ? "answer · " : ""}
        <UntrustedText text={message.role} links={false} />
      </div>
      {message.parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts never reorder.
        <Part key={index} part={part} />
      ))}
    </div>
  );
}

function CallFacts({ call }: { readonly call: ModelCallView }) {
  return (
    <dl className="facts compact">
      <dt>entry</dt>
      <dd className="mono">
        <UntrustedText text={call.entryId} links={false} />
      </dd>
      <dt>model</dt>
      <dd className="mono">
        <UntrustedText text={call.responseModel} links={false} />
        {call.providerName ? (
          <span className="subtle">
            {" "}
            via <UntrustedText text={call.providerName} links={false} />
          </span>
        ) : null}
      </dd>
      <dt>at</dt>
      <dd className="mono">{formatTime(call.at)}</dd>
      <dt>tokens</dt>
      <dd className="mono">
        in {formatCount(call.tokens.input)} · out {formatCount(call.tokens.output)} · cache read{" "}
        {formatCount(call.tokens.cacheRead)} · cache write {formatCount(call.tokens.cacheCreation)}{" "}
        · reasoning {formatCount(call.tokens.reasoning)}
      </dd>
      <dt>cost</dt>
      <dd className="mono">{escapeControls(`${call.currency} ${call.cost}`)}</dd>
      <dt>latency</dt>
      <dd className="mono">{formatDuration(call.latencyMs)}</dd>
      <dt>finish</dt>
      <dd className="mono">
        <UntrustedText text={call.finishReason} links={false} /> · attempt {call.attempt}
      </dd>
    </dl>
  );
}

/**
 * The transcript of call `seq` of job `jobId`.
 *
 * @example <Transcript jobId="j1" seq={0} />
 */
export function Transcript({ jobId, seq }: { readonly jobId: string; readonly seq: number }) {
  const call = useApi((signal) => api.jobCall(jobId, seq, signal), [jobId, seq]);
  if (call.data === undefined) {
    return call.error ? <ErrorBanner error={call.error} /> : <Loading what="Reading the call" />;
  }
  const view = call.data;
  const content = view.content;
  return (
    <section className="transcript" data-testid="transcript">
      <h3>Call {view.seq}</h3>
      <CallFacts call={view} />
      {content === undefined ? (
        <p className="muted">No content was recorded for this call.</p>
      ) : (
        <>
          {content.tools.length > 0 ? (
            <div className="tools-line">
              tools:{" "}
              {content.tools.map((tool, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
                <code key={index}>
                  <UntrustedText text={tool} links={false} />
                </code>
              ))}
            </div>
          ) : null}
          {content.system !== null ? (
            <div className="message role-system" data-testid="transcript-system">
              <div className="message-role">system</div>
              <div className="part part-text">
                <UntrustedText text={content.system} />
              </div>
            </div>
          ) : null}
          {content.missingMessages > 0 ? (
            <p className="muted small">
              {content.missingMessages} referenced message
              {content.missingMessages === 1 ? " is" : "s are"} not stored and left out here.
            </p>
          ) : null}
          {content.messages.map((message, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: messages never reorder.
            <Message key={index} message={message} />
          ))}
          {content.answer !== null ? (
            <Message message={content.answer} answer />
          ) : (
            <p className="muted">The answer's message was not stored.</p>
          )}
          {content.toolChoice !== null || content.responseFormat != null ? (
            <details className="part">
              <summary className="subtle small">request options</summary>
              {content.toolChoice !== null ? (
                <div className="small">
                  tool choice{" "}
                  <code>
                    <UntrustedText text={content.toolChoice} links={false} />
                  </code>
                </div>
              ) : null}
              {content.responseFormat != null ? <JsonBlock value={content.responseFormat} /> : null}
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}
