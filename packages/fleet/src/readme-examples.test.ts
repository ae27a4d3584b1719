import { describeReadmeExamples } from "@nucleo/tooling/readme-examples";

// The quick start opens an in-memory PGlite (its initdb takes seconds on a loaded machine).
describeReadmeExamples(new URL("../", import.meta.url), ["quick-start"], { timeoutMs: 60_000 });
