import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * scrypt's cost: N = 2^15 with r = 8 takes 32 MiB of memory and some 50–100 ms per hash here —
 * memory-hard, so a stolen hash is as slow to guess on a GPU as on this machine. Stored with
 * the hash, so a later change of cost still verifies old hashes.
 */
const COST: Required<Pick<ScryptOptions, "N" | "r" | "p">> = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
// scrypt needs 128 · N · r bytes; Node refuses past `maxmem` (32 MiB by default): leave room.
const MAX_MEMORY = 128 * 2 ** 16 * 8 + 1024 * 1024;

function derive(password: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes a password with scrypt and a random salt, as `scrypt$N$r$p$salt$hash` (base64url
 * parts): the form {@link verifyPassword} reads and the credentials file stores.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return [
    "scrypt",
    COST.N,
    COST.r,
    COST.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

/**
 * True when `password` is the one `stored` was hashed from. Compares in constant time; a
 * malformed `stored` verifies nothing (false), it never throws on what a file held.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const validCost =
    Number.isInteger(N) &&
    N >= 2 ** 14 &&
    N <= 2 ** 16 &&
    (N & (N - 1)) === 0 &&
    r >= 1 &&
    r <= 16 &&
    p >= 1 &&
    p <= 4;
  if (!validCost) return false;
  const salt = Buffer.from(parts[4]!, "base64url");
  const expected = Buffer.from(parts[5]!, "base64url");
  if (salt.length < 16 || expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}
