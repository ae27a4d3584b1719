import { definePackageTests } from "./vitest.preset.ts";

export default definePackageTests({
  include: [
    "*.test.ts",
    "architecture/**/*.test.ts",
    "postgres/**/*.test.ts",
    "bench/**/*.test.ts",
    "browser/**/*.test.ts",
  ],
});
