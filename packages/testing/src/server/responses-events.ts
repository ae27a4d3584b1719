import { splitText } from "../text/split-text.js";
import { type OutputItem, outputItems, outputText, responseObject } from "./responses-output.js";
import type { ResolvedAnswer, SseEvent, StreamedAnswer } from "./wire-format.js";

type Emit = (type: string, payload: Record<string, unknown>) => void;

/**
 * A streamed Response, in the order the API sends it: `response.created` and
 * `response.in_progress` (an empty output), then per output item `response.output_item.added`,
 * its own events and `response.output_item.done` — reasoning: summary part added, text deltas,
 * text done, part done; message: content part added, `output_text` deltas, text done, part done;
 * function call: argument deltas, arguments done — and last `response.completed` (or
 * `response.incomplete` for a max-tokens stop) with the whole Response. Every event is named
 * after its `type` and numbered by `sequence_number`, from 0.
 */
export function responseEvents(
  answer: ResolvedAnswer,
  request: Record<string, unknown>,
): StreamedAnswer {
  const events: SseEvent[] = [];
  const emit: Emit = (type, payload) =>
    events.push({ event: type, data: { type, sequence_number: events.length, ...payload } });
  const pending = responseObject(answer, request, "in_progress");
  emit("response.created", { response: pending });
  emit("response.in_progress", { response: pending });
  for (const [outputIndex, item] of outputItems(answer, request).entries())
    itemEvents(emit, outputIndex, item);
  const finishIndex = events.length;
  const final = responseObject(answer, request, "final");
  emit(final.status === "incomplete" ? "response.incomplete" : "response.completed", {
    response: final,
  });
  return { events, finishIndex };
}

function itemEvents(emit: Emit, outputIndex: number, item: OutputItem): void {
  const at = { item_id: item.id, output_index: outputIndex };
  if (item.type === "reasoning") {
    emit("response.output_item.added", {
      output_index: outputIndex,
      item: { id: item.id, type: "reasoning", summary: [] },
    });
    for (const [summaryIndex, part] of item.summary.entries()) {
      const summary = { ...at, summary_index: summaryIndex };
      emit("response.reasoning_summary_part.added", {
        ...summary,
        part: { type: "summary_text", text: "" },
      });
      for (const piece of splitText(part.text, 2))
        emit("response.reasoning_summary_text.delta", { ...summary, delta: piece });
      emit("response.reasoning_summary_text.done", { ...summary, text: part.text });
      emit("response.reasoning_summary_part.done", { ...summary, part });
    }
  } else if (item.type === "message") {
    emit("response.output_item.added", {
      output_index: outputIndex,
      item: { ...item, status: "in_progress", content: [] },
    });
    for (const [contentIndex, part] of item.content.entries()) {
      const content = { ...at, content_index: contentIndex };
      emit("response.content_part.added", { ...content, part: outputText("") });
      for (const piece of splitText(part.text, 3))
        emit("response.output_text.delta", { ...content, delta: piece, logprobs: [] });
      emit("response.output_text.done", { ...content, text: part.text, logprobs: [] });
      emit("response.content_part.done", { ...content, part });
    }
  } else {
    emit("response.output_item.added", {
      output_index: outputIndex,
      item: { ...item, status: "in_progress", arguments: "" },
    });
    for (const piece of splitText(item.arguments, 2))
      emit("response.function_call_arguments.delta", { ...at, delta: piece });
    emit("response.function_call_arguments.done", { ...at, arguments: item.arguments });
  }
  emit("response.output_item.done", { output_index: outputIndex, item });
}
