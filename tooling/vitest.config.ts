import { definePackageTests } from "./vitest.preset.ts";

export default definePackageTests({ include: ["architecture/**/*.test.ts", "postgres/**/*.test.ts"] });
