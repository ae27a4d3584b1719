// What the package's vitest globalSetup (global-setup.ts) hands to every test file.
declare module "vitest" {
  export interface ProvidedContext {
    /** The throwaway server's superuser URL, or null when no server could be started locally. */
    recorderPostgresUrl: string | null;
    /** A tarball of a freshly initialised PGlite data folder, or null; spares each file PGlite's slow initdb. */
    recorderPgliteSnapshot: string | null;
  }
}

export {};
