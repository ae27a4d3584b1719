import { definePackageTests } from "@nucleo/tooling/vitest";

// Whole-system tests run the built output as users do, so no source condition here.
export default definePackageTests({ include: ["src/**/*.test.ts"] });
