import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** How to launch the machine's Chromium for a test run (playwright-core's `chromium.launch` takes it as is). */
export interface ChromiumLaunch {
  /** The browser program. */
  readonly executablePath: string;
  /** Command-line switches: `--no-sandbox` when running as root, where Chromium's sandbox refuses to start. */
  readonly args: readonly string[];
  /** Always true: tests run without a display. */
  readonly headless: true;
}

/** The `code` of the error thrown when no Chromium is installed and none can be. */
export const CHROMIUM_NOT_FOUND = "CHROMIUM_NOT_FOUND";

/** Debian's Chromium (the `chromium` package). */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** What {@link chromiumForTests} works with; every field defaults to the real machine's. */
export interface ChromiumForTestsOptions {
  /** The programs tried, in order. Default: {@link DEBIAN_CHROMIUM}. */
  readonly candidates?: readonly string[];
  /** Whether this process runs as root. Default: `process.getuid() === 0`. */
  readonly root?: boolean;
  /** The environment whose `CI` says whether a missing browser fails. Default: `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Installs Chromium (as root). Default: `apt-get update && apt-get install -y chromium` under a lock. */
  readonly install?: () => Promise<void>;
  /** Where the one-line notices go. Default: `console.warn`. */
  readonly log?: (line: string) => void;
}

/**
 * The machine's Chromium for `label`'s browser tests, or `undefined` when they must be skipped.
 * Found at `/usr/bin/chromium`, it is used as it is. Missing, as root (CI runs as root), it is
 * installed with apt-get once, saying so, under a file lock so that test files starting at the
 * same moment do not both install. Still missing (not root, or the installation failed), the
 * tests are skipped with a warning saying why — except under CI (`CI` set and not `false`/`0`),
 * where a missing browser fails the run rather than quietly testing less (as
 * `throwawayPostgresForTests` treats a missing PostgreSQL).
 *
 * @throws an error with `code === CHROMIUM_NOT_FOUND` naming every path tried and why none is
 * there, under CI only.
 *
 * @example
 * const launch = await chromiumForTests("admin console");
 * const browser = launch && (await chromium.launch({ ...launch, args: [...launch.args] }));
 */
export async function chromiumForTests(
  label: string,
  options: ChromiumForTestsOptions = {},
): Promise<ChromiumLaunch | undefined> {
  const candidates = options.candidates ?? [DEBIAN_CHROMIUM];
  const root = options.root ?? process.getuid?.() === 0;
  const log = options.log ?? ((line: string) => console.warn(line));
  let found = findChromium(candidates);
  let why = "and this process is not root, so it cannot install it";
  if (found === undefined && root) {
    log(
      `${label}: Chromium is not installed (looked at ${candidates.join(", ")}); installing it with apt-get (once, under a lock).`,
    );
    why = "after installing the chromium package";
    await (options.install ?? installDebianChromium)().catch((error: Error) => {
      why = `because installing it failed: ${error.message}`;
    });
    found = findChromium(candidates);
  }
  if (found === undefined) {
    const error = notFound(candidates, why);
    if (isCi(options.env ?? process.env)) throw error;
    log(`${label}: the browser tests are skipped. ${error.message}`);
    return undefined;
  }
  return {
    executablePath: found,
    // Chromium refuses to start its sandbox as root; outside root the sandbox stays on.
    args: root ? ["--no-sandbox"] : [],
    headless: true,
  };
}

/**
 * The first of `candidates` that is an executable file, or `undefined`.
 *
 * @example findChromium(["/usr/bin/chromium"]); // "/usr/bin/chromium" when installed
 */
export function findChromium(candidates: readonly string[]): string | undefined {
  return candidates.find((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

// One installation per process, however many callers ask at once.
let installing: Promise<void> | undefined;

/**
 * Installs Debian's `chromium` package: `apt-get update && apt-get install -y chromium`, run
 * under `flock` on a file in the temp folder, so test processes starting together install it
 * once (the second finds it installed when the lock is released and does nothing).
 */
export function installDebianChromium(): Promise<void> {
  installing ??= runInstall().finally(() => {
    installing = undefined;
  });
  return installing;
}

function runInstall(): Promise<void> {
  const lock = join(tmpdir(), "nucleo-chromium-install.lock");
  const script = `test -x ${DEBIAN_CHROMIUM} || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; }`;
  return new Promise((resolve, reject) => {
    execFile(
      "flock",
      [lock, "sh", "-c", script],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error === null) return resolve();
        const tail = String(stderr).trimEnd().split("\n").slice(-15).join("\n");
        reject(
          new Error(
            `Installing Chromium with apt-get failed (${error.message.split("\n")[0]}):\n${tail}`,
            {
              cause: error,
            },
          ),
        );
      },
    );
  });
}

function notFound(candidates: readonly string[], why: string): Error {
  const error = new Error(
    `Chromium not found at ${candidates.join(", ")} ${why}. Install it (Debian: apt-get install chromium).`,
  );
  return Object.assign(error, { code: CHROMIUM_NOT_FOUND });
}

function isCi(env: Readonly<Record<string, string | undefined>>): boolean {
  const ci = env.CI;
  return ci !== undefined && !/^(false|0|)$/i.test(ci);
}
