import { definePackageBuild } from "@nucleo/tooling/tsup";

export default definePackageBuild({
  entry: {
    index: "src/index.ts",
    "prices/index": "src/prices/index.ts",
    "internal/index": "src/internal/index.ts",
  },
  // Entries share one copy of each module, so the memo a conversation builds through the
  // internal entry is the class the main entry's counters read.
  splitting: true,
  external: ["@pydantic/genai-prices"],
});
