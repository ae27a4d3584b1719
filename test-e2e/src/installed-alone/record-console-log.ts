// Preloaded into an example's process (`node --import`): records each console.log call whole,
// one JSON string per line of the file NUCLEO_PRINTED_FILE names, because standard output
// alone cannot tell where a call that printed several lines ends. The example runs unchanged.
import { appendFileSync } from "node:fs";
import { format } from "node:util";

const file = process.env.NUCLEO_PRINTED_FILE;
if (file !== undefined) {
  const log = console.log.bind(console);
  console.log = (...values: unknown[]): void => {
    appendFileSync(file, `${JSON.stringify(format(...values))}\n`);
    log(...values);
  };
}
