export { Blindfold, BLIND_PLACEHOLDER, type BlindfoldOptions } from "./blindfold.js";
export { JUDGE_INSTRUCTIONS } from "./judge-instructions.js";
export { JudgeTool, DEFAULT_JUDGE_TIMEOUT_MS, type JudgeToolOptions } from "./judge-tool.js";
export { JudgeInput, JudgeVerdict } from "./judge-verdict.js";
export { FAMILY_TERMS, VERSIONED_TERMS } from "./model-name-patterns.js";
export { recordRun } from "./record-run.js";
export { RUBRIC, accuracyCap } from "./rubric.js";
export { RecordedRun, RecordedToolCall, RecordedTurn, RunRecord } from "./run-record.js";
export { scoreVerdict } from "./score-verdict.js";
