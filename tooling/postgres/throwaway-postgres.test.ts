import { existsSync } from "node:fs";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import {
  findPostgresBinaries,
  POSTGRES_BINARIES_NOT_FOUND,
  startThrowawayPostgres,
} from "./throwaway-postgres.ts";

// This package may not use a PostgreSQL client (the architecture test keeps `pg` in recorder-postgres),
// so these tests watch the port; recorder-postgres's tests query the server for real.
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("findPostgresBinaries", () => {
  it("names every folder it looked in when the programs are missing", () => {
    let thrown: unknown;
    try {
      findPostgresBinaries({
        path: "/nonexistent/a:/nonexistent/b",
        fallbackDirs: ["/nonexistent/pg/15/bin"],
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as { code?: string }).code).toBe(POSTGRES_BINARIES_NOT_FOUND);
    expect((thrown as Error).message).toMatch(/initdb and pg_ctl/);
    expect((thrown as Error).message).toContain("/nonexistent/a:/nonexistent/b");
    expect((thrown as Error).message).toContain("/nonexistent/pg/15/bin");
  });
});

describe("startThrowawayPostgres", () => {
  it("listens on 127.0.0.1, restarts on the same port, and leaves nothing behind when disposed of", async () => {
    const server = await startThrowawayPostgres();
    try {
      expect(server.url).toMatch(
        new RegExp(
          `^postgres://postgres:[A-Za-z0-9_-]{20,}@127\\.0\\.0\\.1:${server.port}/postgres$`,
        ),
      );
      expect(await accepts(server.port)).toBe(true);
      expect(existsSync(server.dir)).toBe(true);

      await server.stop();
      expect(await accepts(server.port)).toBe(false);
      await server.stop();

      await server.start();
      expect(await accepts(server.port)).toBe(true);
    } finally {
      await server.dispose();
    }
    expect(existsSync(server.dir)).toBe(false);
    expect(await accepts(server.port)).toBe(false);
    await server.dispose();
    await expect(server.start()).rejects.toThrow(/disposed/);
  }, 120_000);

  it("generates a new password for every server", async () => {
    const first = await startThrowawayPostgres();
    const second = await startThrowawayPostgres();
    try {
      expect(first.url).not.toBe(second.url);
      expect(first.port).not.toBe(second.port);
    } finally {
      await Promise.all([first.dispose(), second.dispose()]);
    }
  }, 120_000);
});
