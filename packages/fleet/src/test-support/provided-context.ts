// What the package's vitest globalSetup (global-setup.ts) hands to every test file.
declare module "vitest" {
  export interface ProvidedContext {
    /** The throwaway server's superuser URL, or null when no server could be started locally. */
    fleetPostgresUrl: string | null;
    /** A tarball of a freshly initialised PGlite data folder: spares each PGlite test initdb. */
    fleetPgliteSnapshot: string | null;
  }
}

export {};
