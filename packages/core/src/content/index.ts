export {
  checkContentPolicy,
  DEFAULT_MAX_FIELD_CHARS,
  FULL_CONTENT,
  METADATA_ONLY,
  TRUNCATION_MARKER,
  WITHHELD_TEXT,
  type ContentField,
  type ContentPolicy,
} from "./content-policy.js";
export { keptJson, keptText } from "./said-text.js";
