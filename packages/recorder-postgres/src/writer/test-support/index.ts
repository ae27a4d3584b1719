export { EventScript, EventLog, benchmarkReport, type ScriptJob } from "./event-script.js";
export { FaultyDatabase, until } from "./faulty-database.js";
