import { definePackageBuild } from "@nucleo/tooling/tsup";

// Both entries share one copy of each module (splitting), so a job marked through the internal
// entry is recognised by the main entry's providers.
export default definePackageBuild({
  entry: { index: "src/index.ts", "internal/index": "src/internal/index.ts" },
  splitting: true,
});
