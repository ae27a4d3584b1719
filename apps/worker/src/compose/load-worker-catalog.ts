import { loadCatalog, type Catalog, type CatalogError } from "@nucleo/catalog";
import { SystemError } from "@nucleo/core";
import { WorkerError } from "../worker-error.js";
import type { LoadedWorkerConfig } from "../config/load-worker-config.js";

/**
 * Loads the catalog the config names. A bad catalog stops the worker with the catalog's own
 * error, which names the file, the entry and the field.
 */
export async function loadWorkerCatalog(config: LoadedWorkerConfig): Promise<Catalog> {
  try {
    return await loadCatalog(config.catalogFile);
  } catch (error) {
    // CatalogError carries no brand of its own: its code tells it from other system errors.
    if (!SystemError.isInstance(error) || error.code !== "catalog_invalid") throw error;
    const catalogError = error as CatalogError;
    throw new WorkerError({
      code: "config_invalid",
      file: catalogError.file,
      ...(catalogError.field === undefined ? {} : { field: catalogError.field }),
      message: `${catalogError.message} (It is the catalog that ${config.file} names in its field catalog.)`,
      cause: error,
    });
  }
}
