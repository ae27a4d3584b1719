// Runs `nucleo benchmark` in-process on files in a fresh temporary folder, capturing its output
// as a stream would hold it (each line with its newline).
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ProgressStream } from "../cli-io.js";
import { nucleo, type Ran } from "./run-in-process.js";

/** A temporary folder to write configs and setup modules into, and to run the command in. */
export async function benchmarkFolder() {
  const root = await mkdtemp(join(tmpdir(), "nucleo-benchmark-cli-"));
  return {
    root,
    path: (name: string) => join(root, name),
    async write(name: string, content: string | object): Promise<string> {
      const path = join(root, name);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(
        path,
        typeof content === "string" ? content : JSON.stringify(content, null, 2),
      );
      return path;
    },
    async run(...argv: string[]): Promise<Ran> {
      return asStreams(await nucleo(root, ["benchmark", ...argv]));
    },
    async runOn(progress: ProgressStream, ...argv: string[]): Promise<Ran> {
      return asStreams(await nucleo(root, ["benchmark", ...argv], { progress }));
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

function asStreams(ran: Ran): Ran {
  const lines = (text: string) => (text === "" ? "" : `${text}\n`);
  return { code: ran.code, stdout: lines(ran.stdout), stderr: lines(ran.stderr) };
}
