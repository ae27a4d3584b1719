import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Role } from "../api/contract.js";
import { AdminError } from "../admin-error.js";
import { hashPassword } from "./password-hash.js";

/** The environment variables that set the passwords (the operator's, and optionally a viewer's). */
export const PASSWORD_VARIABLES: Readonly<Record<Role, string>> = Object.freeze({
  operator: "NUCLEO_ADMIN_PASSWORD",
  viewer: "NUCLEO_ADMIN_VIEWER_PASSWORD",
});

/** The shortest password the console accepts from the environment. */
export const MIN_PASSWORD_LENGTH = 12;

/** Each role's password hash; a role without one cannot sign in. */
export type Credentials = Readonly<Partial<Record<Role, string>>>;

/** Where the passwords come from, and what was made at first start. */
export interface ResolvedCredentials {
  readonly credentials: Credentials;
  /** `environment`, `file` (made at an earlier start), or `generated` (now: print it once). */
  readonly source: "environment" | "file" | "generated";
  /** The generated passwords, only when `source` is `generated`: shown once, stored only hashed. */
  readonly generated?: Readonly<Record<Role, string>>;
}

/**
 * The console's passwords: from the environment when `NUCLEO_ADMIN_PASSWORD` is set (and
 * `NUCLEO_ADMIN_VIEWER_PASSWORD` for a read-only viewer), else from the credentials file an
 * earlier start wrote, else new random ones, whose hashes are written to that file (mode 0600)
 * and whose text is answered once for the caller to print. Only hashes are kept.
 *
 * @throws {AdminError} `invalid_config` naming the variable when a password is shorter than
 * {@link MIN_PASSWORD_LENGTH}, or naming the file when it holds something else than credentials.
 */
export async function resolveCredentials(
  env: Readonly<Record<string, string | undefined>>,
  credentialsFile: string,
): Promise<ResolvedCredentials> {
  const operator = env[PASSWORD_VARIABLES.operator];
  const viewer = env[PASSWORD_VARIABLES.viewer];
  if (operator !== undefined && operator !== "") {
    const hashes: Partial<Record<Role, string>> = {
      operator: await hashChecked(operator, "operator"),
    };
    if (viewer !== undefined && viewer !== "") hashes.viewer = await hashChecked(viewer, "viewer");
    return { credentials: hashes, source: "environment" };
  }
  const stored = await readCredentialsFile(credentialsFile);
  if (stored !== undefined) return { credentials: stored, source: "file" };
  const generated = { operator: newPassword(), viewer: newPassword() };
  const credentials = {
    operator: await hashPassword(generated.operator),
    viewer: await hashPassword(generated.viewer),
  };
  await mkdir(dirname(credentialsFile), { recursive: true });
  await writeFile(credentialsFile, `${JSON.stringify(credentials, null, 2)}\n`, {
    mode: 0o600,
    flag: "wx",
  });
  return { credentials, source: "generated", generated };
}

async function hashChecked(password: string, role: Role): Promise<string> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AdminError(
      "invalid_config",
      `${PASSWORD_VARIABLES[role]} is too short: a console password needs at least ${MIN_PASSWORD_LENGTH} characters.`,
    );
  }
  return hashPassword(password);
}

function newPassword(): string {
  return randomBytes(18).toString("base64url");
}

async function readCredentialsFile(file: string): Promise<Credentials | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const isHash = (value: unknown) => typeof value === "string" && value.startsWith("scrypt$");
  const record = (parsed ?? {}) as Record<string, unknown>;
  if (
    typeof parsed !== "object" ||
    parsed === null ||
    !isHash(record.operator) ||
    !(record.viewer === undefined || isHash(record.viewer))
  ) {
    throw new AdminError(
      "invalid_config",
      `${file} does not hold the console's credentials (an "operator" scrypt hash, and optionally a "viewer" one); remove it to have new passwords made.`,
    );
  }
  return {
    operator: record.operator as string,
    ...(record.viewer === undefined ? {} : { viewer: record.viewer as string }),
  };
}
