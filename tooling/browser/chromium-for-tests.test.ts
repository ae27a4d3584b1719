import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHROMIUM_NOT_FOUND, chromiumForTests, findChromium } from "./chromium-for-tests.ts";

describe("chromiumForTests", () => {
  let folder = "";
  let program = "";
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), "nucleo-chromium-test-"));
    program = join(folder, "chromium");
    lines.length = 0;
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  const installProgram = () => writeFile(program, "#!/bin/sh\n", { mode: 0o755 });

  it("launches the installed browser headless, without the sandbox only as root", async () => {
    await installProgram();
    const asRoot = await chromiumForTests("t", { candidates: [program], root: true, log });
    const asUser = await chromiumForTests("t", { candidates: [program], root: false, log });
    expect(asRoot).toEqual({ executablePath: program, args: ["--no-sandbox"], headless: true });
    expect(asUser).toEqual({ executablePath: program, args: [], headless: true });
    expect(lines).toEqual([]);
  });

  it("skips outside CI when the browser is missing and cannot be installed, saying why", async () => {
    const launch = await chromiumForTests("admin", {
      candidates: [program],
      root: false,
      env: { CI: "false" },
      log,
    });
    expect(launch).toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^admin: the browser tests are skipped\. Chromium not found at /);
    expect(lines[0]).toContain(program);
  });

  it("fails under CI when the browser is missing and cannot be installed", async () => {
    const launch = chromiumForTests("admin", {
      candidates: [program],
      root: false,
      env: { CI: "true" },
      log,
    });
    await expect(launch).rejects.toMatchObject({
      code: CHROMIUM_NOT_FOUND,
      message: expect.stringContaining(program),
    });
  });

  it("installs the browser as root when missing, saying so, then launches it", async () => {
    let installs = 0;
    const launch = await chromiumForTests("admin", {
      candidates: [program],
      root: true,
      log,
      install: async () => {
        installs += 1;
        await installProgram();
      },
    });
    expect(installs).toBe(1);
    expect(launch?.executablePath).toBe(program);
    expect(lines).toEqual([
      expect.stringMatching(/^admin: Chromium is not installed .*installing it with apt-get/),
    ]);
  });

  it("fails under CI, and skips elsewhere, when the installation did not produce the program", async () => {
    const failing = async () => {
      throw new Error("apt-get: no network");
    };
    for (const install of [async () => {}, failing]) {
      const inCi = chromiumForTests("admin", {
        candidates: [program],
        root: true,
        env: { CI: "1" },
        log,
        install,
      });
      await expect(inCi).rejects.toMatchObject({
        code: CHROMIUM_NOT_FOUND,
        message: expect.stringContaining(program),
      });
    }
    lines.length = 0;
    const outside = await chromiumForTests("admin", {
      candidates: [program],
      root: true,
      env: {},
      log,
      install: failing,
    });
    expect(outside).toBeUndefined();
    expect(lines.at(-1)).toMatch(
      /^admin: the browser tests are skipped\. .*installing it failed: apt-get: no network/,
    );
  });

  it("finds only executable files", async () => {
    await writeFile(program, "not a program", { mode: 0o644 });
    expect(findChromium([program, join(folder, "absent")])).toBeUndefined();
    await rm(program);
    await installProgram();
    expect(findChromium([join(folder, "absent"), program])).toBe(program);
  });
});
