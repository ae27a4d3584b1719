import { definePackageTests } from "@nucleo/tooling/vitest";

// One throwaway PostgreSQL server for the whole run; each test opens its queue in its own schema.
export default definePackageTests({ globalSetup: ["src/test-support/global-setup.ts"] });
