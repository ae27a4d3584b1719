import { definePackageTests } from "@nucleo/tooling/vitest";

export default definePackageTests();
