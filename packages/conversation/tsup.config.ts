import { definePackageBuild } from "@nucleo/tooling/tsup";

// Both entries share one copy of each module (splitting), so the schema caches and classes the
// internal entry hands to sibling packages are the very ones the main entry uses.
export default definePackageBuild({
  entry: { index: "src/index.ts", "internal/index": "src/internal/index.ts" },
  splitting: true,
});
