import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LOCK_FILE, lockDataDir, takeOverStaleLock } from "./data-dir-lock.js";

const folders: string[] = [];
function folder(): string {
  const made = mkdtempSync(join(tmpdir(), "nucleo-lock-"));
  folders.push(made);
  return made;
}
afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

/** A pid no process has: above the kernel's pid_max. */
const GONE = `4999999@${hostname()}`;

describe("lockDataDir", () => {
  it("holds the folder for this process: a second claim is refused naming the holder, and after release it can be claimed again", () => {
    const dir = folder();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(`${process.pid}@${hostname()}`);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.pid}@`));
    release();
    lockDataDir(dir)();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("an empty lock file is refused, never taken for stale (it may be a lock being written)", () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), "");
    expect(() => lockDataDir(dir)).toThrow(/in use by another process \(its lock file is empty\)/);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
  });

  it("takes over a lock left by a process that no longer runs, leaving no claim files behind", () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), GONE);
    const release = lockDataDir(dir);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    release();
  });
});

describe("takeOverStaleLock", () => {
  it("removes the stale lock it was told of", () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), GONE);
    takeOverStaleLock(join(dir, LOCK_FILE), GONE);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("leaves in place a fresh lock another process put there after the stale one was read", () => {
    const dir = folder();
    const fresh = `${process.pid}@${hostname()}`;
    writeFileSync(join(dir, LOCK_FILE), fresh);
    takeOverStaleLock(join(dir, LOCK_FILE), GONE);
    expect(readdirSync(dir)).toEqual([LOCK_FILE]);
    expect(readFileSync(join(dir, LOCK_FILE), "utf8")).toBe(fresh);
  });

  it("does nothing when another process moved the stale lock first", () => {
    const dir = folder();
    expect(() => takeOverStaleLock(join(dir, LOCK_FILE), GONE)).not.toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });
});
