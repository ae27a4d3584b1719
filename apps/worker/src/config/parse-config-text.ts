import { extname } from "node:path";
import { isNode, LineCounter, parseDocument } from "yaml";
import { parseJson } from "./parse-json.js";

/** A config file's text read into a value, with a way to find a field's line; or why it could not be. */
export type ConfigText =
  | {
      readonly success: true;
      readonly value: unknown;
      /** The line (from 1) a field's value starts on, for YAML; `undefined` for JSON or a field not in the file. */
      readonly lineOf: (path: readonly PropertyKey[]) => number | undefined;
    }
  | { readonly success: false; readonly expected: string };

/** The extensions a config file may have, lower case. */
/**
 * Reads a worker config's text as its extension says: `.json` as JSON, `.yaml` or `.yml` as
 * YAML (the catalog's rule). A YAML syntax error names its line; a YAML field's line is kept,
 * so a field the schema refuses can be found in the file.
 *
 * @example
 * const read = parseConfigText("workflows: [budget_check]", "worker.yaml");
 * if (read.success) read.lineOf(["workflows", 0]); // 1
 */
export function parseConfigText(text: string, file: string): ConfigText {
  const extension = extname(file).toLowerCase();
  if (extension === ".json") {
    const parsed = parseJson(text);
    return parsed.success
      ? { success: true, value: parsed.value, lineOf: () => undefined }
      : { success: false, expected: `valid JSON (${parsed.error})` };
  }
  if (extension !== ".yaml" && extension !== ".yml")
    return { success: false, expected: "a .json, .yaml or .yml file" };
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: true });
  const [error] = document.errors;
  if (error !== undefined) {
    const line = error.linePos ? ` at line ${error.linePos[0].line}` : "";
    return { success: false, expected: `valid YAML${line} (${error.message.split("\n")[0]})` };
  }
  return {
    success: true,
    value: document.toJS() as unknown,
    lineOf: (path) => {
      // The nearest node the path reaches: an unknown key's parent, a missing field's object.
      for (let length = path.length; length >= 0; length -= 1) {
        const node = document.getIn(path.slice(0, length) as unknown[], true);
        if (isNode(node) && node.range) return lines.linePos(node.range[0]).line;
      }
      return undefined;
    },
  };
}
