import { defineConfig, type ViteUserConfig } from "vitest/config";

/**
 * The test setup every workspace package shares. Sibling packages resolve from their `src/`
 * through the `@nucleo/source` export condition, so `pnpm test` never waits for a build.
 *
 * @example
 * export default definePackageTests();
 */
export function definePackageTests(overrides: ViteUserConfig["test"] = {}) {
  return defineConfig({
    resolve: { conditions: ["@nucleo/source"] },
    ssr: { resolve: { conditions: ["@nucleo/source"] } },
    test: {
      include: ["src/**/*.test.ts", "**/*.test.ts"],
      exclude: ["**/node_modules/**", "**/dist/**"],
      // Generous: turbo runs several projects at once on a 2-core machine; no test waits on time.
      testTimeout: 30_000,
      // The JSON report feeds tooling/test-summary.ts, which prints the suite's one closing line.
      reporters: ["default", ["json", { outputFile: "vitest-report.json" }]],
      ...overrides,
    },
  });
}
