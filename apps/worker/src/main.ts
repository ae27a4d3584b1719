import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { formatReport } from "./format-report.js";
import { runDigest } from "./run-digest.js";

const USAGE = `Usage: nucleo-worker [--input <file>] [--tenant <id>]

Runs the digest workflow through the Nucleo dispatcher and prints its trajectory and cost ledger.
  --input   a UTF-8 text file (default: the bundled samples/field-notes.txt)
  --tenant  bind the workflow to a tenant scope axis`;

async function main(): Promise<number> {
  let values: { input?: string; tenant?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ options: { input: { type: "string" }, tenant: { type: "string" }, help: { type: "boolean", short: "h" } } }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // pnpm runs the script in the package folder; a relative --input means the caller's folder.
  const path = values.input === undefined ? fileURLToPath(new URL("../samples/field-notes.txt", import.meta.url)) : resolve(process.env.INIT_CWD ?? process.cwd(), values.input);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    process.stderr.write(`nucleo-worker: cannot read --input ${JSON.stringify(path)}: ${(error as NodeJS.ErrnoException).code ?? "unknown error"}\n`);
    return 2;
  }
  try {
    const run = await runDigest(text, values.tenant === undefined ? {} : { scope: { tenant: values.tenant } });
    process.stdout.write(`${formatReport(run)}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`nucleo-worker: the workflow failed: ${(error as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main();
