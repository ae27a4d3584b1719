export { Blindfold, BLIND_PLACEHOLDER, FAMILY_TERMS } from "./blindfold.js";
export { JUDGE_INSTRUCTIONS } from "./judge-instructions.js";
export { JudgeTool, DEFAULT_JUDGE_TIMEOUT_MS, type JudgeToolOptions } from "./judge-tool.js";
export { JudgeInput, JudgeVerdict } from "./judge-verdict.js";
export { recordRun } from "./record-run.js";
export { RUBRIC, MAX_ACCURACY_WITH_MISUSE } from "./rubric.js";
export { RecordedRun, RecordedToolCall, RecordedTurn, RunRecord } from "./run-record.js";
export { scoreVerdict } from "./score-verdict.js";
