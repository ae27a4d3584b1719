import { definePackageTests } from "@nucleo/tooling/vitest";

// One throwaway PostgreSQL server and one PGlite snapshot for the whole run (src/test-support).
export default definePackageTests({ globalSetup: ["src/test-support/global-setup.ts"] });
