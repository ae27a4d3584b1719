import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import { parse as parseYaml, YAMLParseError } from "yaml";
import type { Catalog } from "./catalog.js";
import { CatalogError } from "./catalog-error.js";
import { parseCatalog } from "./parse-catalog.js";

/**
 * Reads a catalog file (`.json`, `.yaml` or `.yml`) and checks it whole: a file that cannot
 * be read or parsed, or any bad entry, refuses the catalog with an error naming the file (and
 * the line, for syntax errors), the entry and the field.
 *
 * @example
 * const catalog = await loadCatalog("catalog.yaml");
 */
export async function loadCatalog(path: string): Promise<Catalog> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new CatalogError(
      {
        file: path,
        expected: `a readable file (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`,
      },
      error,
    );
  }
  return parseCatalog(parseText(text, path), path);
}

function parseText(text: string, path: string): unknown {
  const extension = extname(path).toLowerCase();
  if (extension === ".json") {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new CatalogError(
        { file: path, expected: `valid JSON (${(error as Error).message})` },
        error,
      );
    }
  }
  if (extension === ".yaml" || extension === ".yml") {
    try {
      return parseYaml(text) as unknown;
    } catch (error) {
      const line =
        error instanceof YAMLParseError && error.linePos ? ` at line ${error.linePos[0].line}` : "";
      throw new CatalogError(
        { file: path, expected: `valid YAML${line} (${(error as Error).message.split("\n")[0]})` },
        error,
      );
    }
  }
  throw new CatalogError({ file: path, expected: "a .json, .yaml or .yml file" });
}
