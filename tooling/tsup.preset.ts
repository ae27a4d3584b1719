import { defineConfig, type Options } from "tsup";

/**
 * The one build every Nucleo package shares: ESM with `.d.ts` and sourcemaps, one entry per
 * public export. A package's `tsup.config.ts` is `export default definePackageBuild()`, plus
 * entries when it exports more than `.`.
 *
 * @example
 * export default definePackageBuild({ entry: ["src/index.ts", "src/testing.ts"] });
 */
export function definePackageBuild(overrides: Options = {}) {
  return defineConfig({
    entry: ["src/index.ts"],
    format: ["esm"],
    target: "node22",
    platform: "node",
    dts: true,
    sourcemap: true,
    clean: true,
    splitting: false,
    treeshake: true,
    ...overrides,
  });
}
