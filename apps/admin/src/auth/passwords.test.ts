import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveCredentials } from "./credentials.js";
import { hashPassword, verifyPassword } from "./password-hash.js";

describe("passwords", () => {
  it("are hashed with scrypt at 32 MiB, salted, and verified only by the same password", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword("correct horse battery")).not.toBe(stored);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
  });

  it.each([
    ["not a hash", "plain"],
    [
      "a cheap cost",
      "scrypt$1024$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    ],
    ["a short salt", "scrypt$32768$8$1$AAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
  ])("a stored hash that is %s verifies nothing and throws nothing", async (_, stored) => {
    expect(await verifyPassword("anything", stored)).toBe(false);
  });
});

describe("credentials", () => {
  const fileIn = async () =>
    join(await mkdtemp(join(tmpdir(), "nucleo-admin-")), "sub", "credentials.json");

  it("come from the environment when NUCLEO_ADMIN_PASSWORD is set, and nothing is written", async () => {
    const file = await fileIn();
    const resolved = await resolveCredentials(
      {
        NUCLEO_ADMIN_PASSWORD: "operator-secret-1",
        NUCLEO_ADMIN_VIEWER_PASSWORD: "viewer-secret-22",
      },
      file,
    );
    expect(resolved.source).toBe("environment");
    expect(await verifyPassword("operator-secret-1", resolved.credentials.operator!)).toBe(true);
    expect(await verifyPassword("viewer-secret-22", resolved.credentials.viewer!)).toBe(true);
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
  });

  it("a short password from the environment is refused, naming the variable and not the password", async () => {
    const error = await resolveCredentials(
      { NUCLEO_ADMIN_PASSWORD: "hunter2" },
      await fileIn(),
    ).catch((e: Error) => e);
    expect(String(error)).toMatch(/NUCLEO_ADMIN_PASSWORD is too short/);
    expect(String(error)).not.toContain("hunter2");
  });

  it("are made at the first start, answered once, and stored only hashed, readable by the owner only", async () => {
    const file = await fileIn();
    const first = await resolveCredentials({}, file);
    expect(first.source).toBe("generated");
    const text = await readFile(file, "utf8");
    expect(text).not.toContain(first.generated!.operator);
    expect(text).not.toContain(first.generated!.viewer);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await resolveCredentials({}, file);
    expect(second.source).toBe("file");
    expect(second.generated).toBeUndefined();
    expect(await verifyPassword(first.generated!.operator, second.credentials.operator!)).toBe(
      true,
    );
  });

  it("a credentials file holding something else is refused, naming the file", async () => {
    const file = join(await mkdtemp(join(tmpdir(), "nucleo-admin-")), "credentials.json");
    await writeFile(file, JSON.stringify({ operator: "plain text" }));
    await expect(resolveCredentials({}, file)).rejects.toThrow(file);
  });
});
