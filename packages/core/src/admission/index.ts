export type { Admission, SeatRequest, SeatReservation, ReserveOptions } from "./admission.js";
export type { TokenUsage } from "./token-usage.js";
