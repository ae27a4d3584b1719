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
} from "./run-event.js";
export type { RunObserver } from "./run-observer.js";
