// examples/shared-admission.ts
import { CatalogAdmission, loadCatalog } from "@nucleo/catalog";
import { JobDispatcher } from "@nucleo/core";
import { openRecorderDatabase, PostgresBudgetStore } from "@nucleo/recorder-postgres";

// Every worker of the fleet opens the same PostgreSQL database (migrations run on open)...
const { db, close } = await openRecorderDatabase({ url: process.env.DATABASE_URL });
// ...and books its seats through it: together the workers stay within each entry's limits.
const admission = new CatalogAdmission({
  catalog: await loadCatalog("catalog.yaml"),
  shared: new PostgresBudgetStore(db),
});
const dispatcher = new JobDispatcher({ admission });

// ... submit jobs to `dispatcher`; on shutdown, once they have finished:
await close();
