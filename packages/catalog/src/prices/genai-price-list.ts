import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { SystemError } from "@nucleo/core";
import { findProvider, type Provider } from "@pydantic/genai-prices";
import { z } from "zod";

const PACKAGE_NAME = "@pydantic/genai-prices";

const packageJsonSchema = z.looseObject({ name: z.string(), version: z.string().min(1) });

/**
 * A maintained public price list, as {@link importGenaiPrices} reads it: its name and version
 * (which every imported `source` quotes) and its providers in the `@pydantic/genai-prices`
 * shape. Tests pass their own; the default is {@link genaiPriceList}.
 */
export interface PriceList {
  /** The list's name as a reader would look it up, e.g. `@pydantic/genai-prices`. */
  readonly name: string;
  /** The version whose data is read, e.g. `0.1.8`. */
  readonly version: string;
  /** The provider with this id (`openai`, `anthropic`), or `undefined`. */
  findProvider(providerId: string): Provider | undefined;
}

/**
 * The price data bundled in the installed `@pydantic/genai-prices` package, named with the
 * version read from that package's own `package.json`. It reads only the bundled data: if the
 * process has called the package's `updatePrices`, the prices may be newer than that version.
 *
 * @example
 * genaiPriceList().version; // "0.1.8"
 */
export function genaiPriceList(): PriceList {
  return {
    name: PACKAGE_NAME,
    version: installedVersion(),
    findProvider: (providerId) => findProvider({ providerId }),
  };
}

function installedVersion(): string {
  // The package's `exports` map does not list ./package.json, so walk up from its entry file.
  let directory = dirname(createRequire(import.meta.url).resolve(PACKAGE_NAME));
  while (dirname(directory) !== directory) {
    const manifest = readManifest(join(directory, "package.json"));
    if (manifest?.name === PACKAGE_NAME) return manifest.version;
    directory = dirname(directory);
  }
  throw new SystemError({
    code: "price_list_unreadable",
    message: `Cannot find the package.json of ${PACKAGE_NAME} above its entry file.`,
  });
}

function readManifest(path: string): z.infer<typeof packageJsonSchema> | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  try {
    const parsed = packageJsonSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
