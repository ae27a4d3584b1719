// Lets a plain Node process (a test's child: the recorder's across-processes admission, the
// worker's startup signals) run the workspace packages from their TypeScript sources, so the test
// never depends on a build being fresh. Pass it as `--import` with its URL from
// `import.meta.resolve("@nucleo/tooling/source-hooks")`. Started with
// `--conditions=@nucleo/source` (each package's exports map then points at src/index.ts) and
// `--experimental-transform-types`; this hook adds the one thing missing: the sources import
// their siblings as `./file.js`, which exists as `./file.ts`.
import { registerHooks } from "node:module";

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      const relative = specifier.startsWith("./") || specifier.startsWith("../");
      if (error?.code !== "ERR_MODULE_NOT_FOUND" || !relative || !specifier.endsWith(".js"))
        throw error;
      return nextResolve(`${specifier.slice(0, -".js".length)}.ts`, context);
    }
  },
});
