import { jsonTurn } from "../../mock/mock-answers.js";
import type { MockTurn } from "../../mock/mock-responder.js";
import { givenInput, type WireView } from "../../mock/wire-view.js";
import { SUMMARIZE_INSTRUCTIONS } from "./summarize-paragraph.js";

/** The mock model's turns for `digest_document`: each paragraph's summary is its first sentence. */
export function digestDocumentMock(view: WireView): MockTurn | undefined {
  if (!view.system.includes(SUMMARIZE_INSTRUCTIONS)) return undefined;
  const paragraph = String(givenInput(view).paragraph ?? "");
  const summary = (/^.*?[.!?](?=\s|$)/s.exec(paragraph)?.[0] ?? paragraph).trim();
  return jsonTurn({ summary });
}
