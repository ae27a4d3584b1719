import { parseJson } from "../../config/parse-json.js";
import { jsonTurn } from "../../mock/mock-answers.js";
import type { MockTurn } from "../../mock/mock-responder.js";
import type { WireView } from "../../mock/wire-view.js";
import { SUMMARIZE_INSTRUCTIONS } from "./summarize-paragraph.js";

/** The mock model's turns for `digest_document`: each paragraph's summary is its first sentence. */
export function digestDocumentMock(view: WireView): MockTurn | undefined {
  if (!view.system.includes(SUMMARIZE_INSTRUCTIONS)) return undefined;
  const given = parseJson(view.userTexts[0] ?? "");
  const paragraph = given.success
    ? String((given.value as { paragraph?: unknown }).paragraph ?? "")
    : "";
  const summary = (/^.*?[.!?](?=\s|$)/s.exec(paragraph)?.[0] ?? paragraph).trim();
  return jsonTurn({ summary });
}
