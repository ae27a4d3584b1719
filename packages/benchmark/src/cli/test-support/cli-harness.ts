// Runs the command in-process on files in a fresh temporary folder, capturing its output.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Writable } from "node:stream";
import { runBenchmarkCli } from "../run-benchmark-cli.js";

class CapturedStream extends Writable {
  text = "";
  constructor(readonly isTTY = false) {
    super();
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A temporary folder to write configs and setup modules into, and to run the command in. */
export async function cliFolder() {
  const root = await mkdtemp(join(tmpdir(), "nucleo-benchmark-cli-"));
  return {
    root,
    path: (name: string) => join(root, name),
    async write(name: string, content: string | object): Promise<string> {
      const path = join(root, name);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, typeof content === "string" ? content : JSON.stringify(content, null, 2));
      return path;
    },
    async run(...argv: string[]): Promise<CliRun> {
      const stdout = new CapturedStream();
      const stderr = new CapturedStream();
      const code = await runBenchmarkCli(argv, { stdout, stderr, cwd: root });
      return { code, stdout: stdout.text, stderr: stderr.text };
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
