// Runs the everything server the first time it is started with a given marker file, and exits
// at once every later time: a server that dies and cannot be brought back.
// Usage: node once-only-server.ts <marker file> <everything server entry>
import { existsSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [marker, entry] = process.argv.slice(2);
if (marker === undefined || entry === undefined) process.exit(2);
if (existsSync(marker)) process.exit(1);
writeFileSync(marker, "started");
process.argv.splice(2, 2); // the everything server reads its transport from argv[2]; none means stdio
await import(pathToFileURL(entry).href);
