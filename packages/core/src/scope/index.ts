export {
  ScopeGuard,
  DEFAULT_SCOPE_AXES,
  type ScopeRequest,
  type ScopeView,
} from "./scope-guard.js";
export { ScopeViolationError } from "./scope-violation-error.js";
