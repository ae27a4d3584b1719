import { randomBytes } from "node:crypto";
import { Pool } from "pg";
import { openRecorderDatabase } from "../db/open-recorder-database.js";
import type { RecorderConnection } from "../db/recorder-connection.js";

/** A recorder connection to a database of its own, and that database's URL. */
export interface ServerTestDatabase extends RecorderConnection {
  /** The URL of this test's database (superuser credentials: tests only), e.g. for a second connection. */
  readonly url: string;
}

/**
 * Databases for one test file on a shared PostgreSQL server: each `open` creates a new
 * database (`CREATE DATABASE`, cheap with the server's durability off), and closing the
 * connection drops it.
 */
export class ServerTestDatabases {
  readonly #serverUrl: string;
  #admin: Pool | undefined;

  /** `serverUrl`: a superuser's URL on the server (the throwaway server's). */
  constructor(serverUrl: string) {
    this.#serverUrl = serverUrl;
  }

  /** A new, empty database, migrated unless `migrate` is false. */
  async open(options: { readonly migrate?: boolean } = {}): Promise<ServerTestDatabase> {
    const name = `nucleo_test_${randomBytes(6).toString("hex")}`;
    await this.#adminPool().query(`create database ${name}`);
    const url = new URL(this.#serverUrl);
    url.pathname = `/${name}`;
    let connection: RecorderConnection;
    try {
      connection = await openRecorderDatabase({ url: url.href, migrate: options.migrate ?? true });
    } catch (error) {
      await this.#drop(name);
      throw error;
    }
    let closing: Promise<void> | undefined;
    return {
      db: connection.db,
      kind: connection.kind,
      url: url.href,
      close: () => (closing ??= connection.close().finally(() => this.#drop(name))),
    };
  }

  /** Ends the administrative pool; for `afterAll`. */
  async closeAll(): Promise<void> {
    const admin = this.#admin;
    this.#admin = undefined;
    await admin?.end();
  }

  #adminPool(): Pool {
    this.#admin ??= new Pool({ connectionString: this.#serverUrl, max: 2 });
    return this.#admin;
  }

  async #drop(name: string): Promise<void> {
    // FORCE ends connections a test left open (a second pool it forgot to close).
    await this.#adminPool().query(`drop database if exists ${name} with (force)`);
  }
}
