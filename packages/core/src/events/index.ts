export type {
  RunEvent,
  EventLineage,
  JobReportedEvent,
  JobSubmittedEvent,
  JobStartedEvent,
  JobRetryingEvent,
  JobFinishedEvent,
  JobFailedEvent,
  SeatReservedEvent,
  SeatSettledEvent,
  LlmCallEvent,
  ToolWithheldEvent,
  SkillAdmittedEvent,
  JobPublishedEvent,
  ReplayMark,
} from "./run-event.js";
export type { RunObserver } from "./run-observer.js";
export type {
  ModelCallContent,
  SaidMessage,
  SaidPart,
  SaidTextPart,
  SaidMediaPart,
  SaidThinkingPart,
  SaidToolCallPart,
  SaidToolResultPart,
  SaidResponse,
} from "./said.js";
