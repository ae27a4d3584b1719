import { execFile } from "node:child_process";

/** How a command ended: its exit code (or -1 when it was killed) and what it wrote. */
export interface CommandResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly seconds: number;
}

/** Where and how long a command runs, and what it sees. */
export interface RunCommandOptions {
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly timeoutMs: number;
}

/**
 * Runs a command to its end and reports how it ended instead of throwing, so a check can
 * show the command's own output when it failed.
 */
export async function runCommand(
  command: string,
  args: readonly string[],
  options: RunCommandOptions,
): Promise<CommandResult> {
  const started = performance.now();
  return await new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: options.env ?? process.env,
        timeout: options.timeoutMs,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
        const timedOut = error?.killed ? `\n(killed after ${options.timeoutMs} ms)` : "";
        resolve({
          code,
          stdout,
          stderr: stderr + timedOut,
          seconds: (performance.now() - started) / 1000,
        });
      },
    );
  });
}

// NODE_PATH too: pnpm's bin shims set it to the workspace's hoisted packages, where a `require`
// would find what the installed project lacks (an optional peer left out on purpose).
const packageManagerAndTestRunner = /^(npm_|pnpm_|VITEST|NODE_ENV$|NODE_PATH$)/i;
const offMachine = /^(DATABASE_URL|OPENAI_API_KEY|ANTHROPIC_API_KEY)$/i;
/**
 * The package manager's settings for reaching a registry, set in the environment (a CI's mirror,
 * a proxy, a company CA): which registry, through which proxy, trusting which certificates.
 */
const registryAccess =
  /^p?npm_config_(registry|@[^:]+:registry|proxy|https?[-_]proxy|no[-_]?proxy|ca|cafile|cert|key|strict[-_]ssl)$/i;

/**
 * The environment of a user's shell: `environment` (this process's), without what the package
 * manager and the test runner add (`npm_*`, `pnpm_*`, `VITEST*`, `NODE_ENV`) and without the
 * keys and database URL that would send examples off this machine — they run on their local
 * stand-ins.
 */
export function userEnvironment(
  extra: NodeJS.ProcessEnv = {},
  environment: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const kept = Object.entries(environment).filter(
    ([key]) => !packageManagerAndTestRunner.test(key) && !offMachine.test(key),
  );
  return { ...Object.fromEntries(kept), ...extra };
}

/**
 * The environment `pnpm install` runs in: a user's shell (`userEnvironment`) plus the registry,
 * proxy and CA settings given as `npm_config_*` / `pnpm_config_*`, so that an install reaches
 * the registry the way the workspace's own did. Left out: a registry for `@nucleo` (those come
 * from tarballs only, and the project's `.npmrc` sends the scope to a dead address) and every
 * other package-manager setting, such as hoisting, which would change what a package can reach.
 */
export function installEnvironment(
  environment: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const access = Object.entries(environment).filter(
    ([key]) => registryAccess.test(key) && !/@nucleo:/i.test(key),
  );
  return userEnvironment(Object.fromEntries(access), environment);
}
