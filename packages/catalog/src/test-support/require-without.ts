import type { GptTokenizerLoaderOptions } from "../tokens/gpt-tokenizer-loader.js";

/**
 * A `require` that behaves as Node's does when the package `missing` is not installed: both
 * loading and resolving fail with `MODULE_NOT_FOUND`, naming the module asked for.
 */
export function requireWithout(missing: string): NonNullable<GptTokenizerLoaderOptions["require"]> {
  const fail = (specifier: string): never => {
    const name = specifier.startsWith(missing) ? specifier : missing;
    throw Object.assign(new Error(`Cannot find module '${name}'\nRequire stack:\n- catalog`), {
      code: "MODULE_NOT_FOUND",
    });
  };
  return Object.assign((specifier: string) => fail(specifier), {
    resolve: (specifier: string) => fail(specifier),
  });
}
