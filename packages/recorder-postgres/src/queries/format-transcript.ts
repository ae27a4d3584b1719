import { printableText } from "@nucleo/core";
import type { RecordedMessage, RecordedPart } from "./recorded-message.js";
import type { TranscriptCall, TranscriptJob, WorkflowTranscript } from "./workflow-transcript.js";

/** Every line break a terminal honours, a lone `\r` included (it would overwrite the line). */
const LINE_BREAK = /\r\n|[\n\v\f\r\x85\u2028\u2029]/;

/**
 * A workflow's transcript as plain text for a terminal (what `nucleo transcript <workflow id>`
 * prints): each job on a line indented by its depth, with its input; under it, each of its
 * model calls (model, tokens, cost, latency, finish reason), the messages new
 * in its conversation with their role (tool calls with their arguments, tool results, thinking
 * marked as such), and the answer; then the jobs below it, then its output or error.
 *
 * Everything said is untrusted model (or user) text: each line goes through core's
 * `printableText`, so no terminal control sequence, control character or bidi override
 * reaches the terminal; line breaks in a text start new, indented lines.
 *
 * @example
 * const transcript = await new RecorderQueries(db).workflowTranscript(rootId);
 * process.stdout.write(formatTranscript(transcript));
 */
export function formatTranscript(transcript: WorkflowTranscript): string {
  const out: string[] = [];
  const calls = transcript.jobs.reduce((total, job) => total + job.calls.length, 0);
  out.push(
    `Workflow ${printableText(transcript.rootId)}: ${count(transcript.jobs.length, "job")}, ${count(calls, "model call")}`,
  );
  // A job's output (or error) comes after everything below it, as it did in time: it waits
  // here until a job no deeper than it comes (or the transcript ends).
  const ending: TranscriptJob[] = [];
  const close = (depth: number) => {
    while (ending.length > 0 && ending.at(-1)!.depth >= depth) formatEnd(ending.pop()!, out);
  };
  for (const job of transcript.jobs) {
    close(job.depth);
    formatJob(job, out);
    ending.push(job);
  }
  close(0);
  return `${out.join("\n")}\n`;
}

function formatJob(job: TranscriptJob, out: string[]): void {
  const indent = "  ".repeat(job.depth);
  const facts = [job.jobName, job.jobClass, ...(job.role === null ? [] : [job.role]), job.status];
  out.push(`${indent}${facts.map(printableText).join(" · ")} · job ${printableText(job.jobId)}`);
  const inner = `${indent}  `;
  if (job.input !== undefined) text(out, inner, "input", json(job.input));
  for (const call of job.calls) formatCall(call, inner, out);
}

function formatEnd(job: TranscriptJob, out: string[]): void {
  const inner = "  ".repeat(job.depth + 1);
  if (job.output !== undefined) text(out, inner, "output", json(job.output));
  if (job.error !== null) {
    const { code, message } = job.error;
    text(out, inner, "error", [code, message].filter((part) => part !== null).join(": "));
  }
}

function formatCall(call: TranscriptCall, indent: string, out: string[]): void {
  const { tokens } = call;
  const used = [
    `${number(tokens.input)} in`,
    ...(tokens.cacheRead > 0 ? [`${number(tokens.cacheRead)} cache read`] : []),
    ...(tokens.cacheCreation > 0 ? [`${number(tokens.cacheCreation)} cache write`] : []),
    `${number(tokens.output)} out`,
    ...(tokens.reasoning > 0 ? [`${number(tokens.reasoning)} reasoning`] : []),
  ];
  const facts = [
    printableText(call.responseModel),
    `${used.join(", ")} tokens`,
    `${printableText(call.currency)} ${call.cost}`,
    `${number(call.latencyMs)} ms`,
    printableText(call.finishReason),
  ];
  out.push(`${indent}model call ${call.seq} · ${facts.join(" · ")}`);
  const inner = `${indent}  `;
  const { content } = call;
  if (content === undefined) {
    out.push(`${inner}(what was said was not recorded)`);
    return;
  }
  if (content.system !== undefined) text(out, inner, "system", content.system);
  if (content.priorMessages > 0)
    out.push(`${inner}(${count(content.priorMessages, "earlier message")} of this conversation)`);
  for (const message of content.messages) formatMessage(message, message.role, inner, out);
  if (content.response !== null) formatMessage(content.response, "answer", inner, out);
  if (content.missingMessages > 0)
    out.push(`${inner}(${count(content.missingMessages, "message")} not stored)`);
}

function formatMessage(
  message: RecordedMessage,
  label: string,
  indent: string,
  out: string[],
): void {
  for (const part of message.parts) {
    const [kind, body] = describePart(part);
    text(out, indent, kind === "" ? label : `${label}, ${kind}`, body);
  }
}

/** A part's kind (empty for plain text) and its text. */
function describePart(part: RecordedPart): [string, string] {
  switch (part.type) {
    case "text":
      return ["", part.text];
    case "thinking":
      return part.redacted === true
        ? ["thinking (redacted by the provider)", part.text]
        : ["thinking", part.text];
    case "tool_call":
      return [`tool call ${printableText(part.name)} (${printableText(part.id)})`, part.text];
    case "tool_result":
      return [
        `tool result ${printableText(part.name)} (${printableText(part.callId)})${part.isError ? ", error" : ""}`,
        part.text,
      ];
    case "image":
    case "file": {
      const facts = [part.mediaType, part.name, part.url].filter((fact) => fact !== undefined);
      const omitted =
        part.omittedChars === undefined
          ? ""
          : ` (${number(part.omittedChars)} characters of data not kept)`;
      return [part.type, `${facts.join(" ")}${omitted}`];
    }
    case "unrecognized":
      return ["part", `of a kind this version cannot show (${part.partType})`];
  }
}

/** `label: text`, the text's own lines indented under it, every line made printable. */
function text(out: string[], indent: string, label: string, body: string): void {
  const lines = body.split(LINE_BREAK);
  while (lines.length > 1 && lines.at(-1)!.trim() === "") lines.pop();
  const [first, ...rest] = lines;
  const head = printableText(first ?? "");
  out.push(`${indent}${label}:${head === "" ? "" : " "}${head}`);
  for (const line of rest) out.push(`${indent}  ${printableText(line)}`);
}

function json(value: unknown): string {
  return JSON.stringify(value) ?? "null";
}

const number = (value: number): string => value.toLocaleString("en-US");
const count = (value: number, noun: string): string =>
  `${number(value)} ${noun}${value === 1 ? "" : "s"}`;
