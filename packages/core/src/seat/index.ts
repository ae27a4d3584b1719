export { Grade, GRADE_LADDER, type GradeRung } from "./grade.js";
export { Depth, DEPTH_LADDER } from "./depth.js";
export {
  OutputSize,
  OUTPUT_RUNGS,
  FRAMEWORK_OUTPUT_BUDGETS,
  type OutputRung,
} from "./output-size.js";
export {
  ThinkerDeclaration,
  DEFAULT_COMFORT_CONTEXT_TOKENS,
  DEFAULT_COMPACTION_TRIGGER,
} from "./thinker-declaration.js";
