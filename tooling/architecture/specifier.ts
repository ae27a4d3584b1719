import { builtinModules } from "node:module";

/** A module specifier sorted into what the rules need to know about it. */
export type ParsedSpecifier =
  | { readonly kind: "relative"; readonly specifier: string }
  | { readonly kind: "absolute"; readonly specifier: string }
  | { readonly kind: "builtin"; readonly specifier: string }
  | {
      readonly kind: "package";
      readonly specifier: string;
      /** `@scope/name` or `name`. */
      readonly packageName: string;
      /** `.` for the package entry, otherwise `./rest/of/path` as `exports` keys spell it. */
      readonly subpath: string;
    };

const builtins = new Set(builtinModules);

/**
 * Splits a specifier into package name and subpath, or marks it relative, absolute or a
 * Node built-in.
 *
 * @example
 * parseSpecifier("@nucleo/core/testing"); // { kind: "package", packageName: "@nucleo/core", subpath: "./testing", ... }
 */
export function parseSpecifier(specifier: string): ParsedSpecifier {
  if (
    specifier === "." ||
    specifier === ".." ||
    specifier.startsWith("./") ||
    specifier.startsWith("../")
  ) {
    return { kind: "relative", specifier };
  }
  if (
    specifier.startsWith("/") ||
    /^[A-Za-z]:[\\/]/.test(specifier) ||
    specifier.startsWith("file:")
  ) {
    return { kind: "absolute", specifier };
  }
  if (specifier.startsWith("node:") || builtins.has(specifier.split("/")[0] ?? specifier)) {
    return { kind: "builtin", specifier };
  }
  const parts = specifier.split("/");
  const nameLength = specifier.startsWith("@") ? 2 : 1;
  const packageName = parts.slice(0, nameLength).join("/");
  const rest = parts.slice(nameLength).join("/");
  return { kind: "package", specifier, packageName, subpath: rest === "" ? "." : `./${rest}` };
}

/**
 * The package a dependency entry stands for: `@types/pg` is a coupling to `pg`, and
 * `@types/scope__name` to `@scope/name`.
 */
export function packageBehindDependency(dependencyName: string): string {
  if (!dependencyName.startsWith("@types/")) return dependencyName;
  const typed = dependencyName.slice("@types/".length);
  return typed.includes("__") ? `@${typed.replace("__", "/")}` : typed;
}
