import { describeReadmeExamples } from "@nucleo/tooling/readme-examples";

// shared-admission is shown, not run: it needs a fleet's PostgreSQL server and a catalog file
// of the user's. It is pinned word for word, and the package's `tsc --noEmit` type-checks it
// (tsconfig includes examples/).
// record-a-run, resume-a-workflow and read-what-was-said each create and migrate a fresh PGlite
// database, as a user's first run does (the package's own tests start from a cached one): 10 to
// 20 s each on two busy cores.
describeReadmeExamples(
  new URL("../", import.meta.url),
  ["record-a-run", "resume-a-workflow", "shared-admission", "read-what-was-said"],
  { shownOnly: ["shared-admission"], timeoutMs: 120_000 },
);
