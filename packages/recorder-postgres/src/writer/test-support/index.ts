export { EventScript, benchmarkReport, type ScriptJob } from "./event-script.js";
export { EventLog } from "@nucleo/core/testing";
export { FaultyDatabase, until } from "./faulty-database.js";
