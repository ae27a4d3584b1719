import { definePackageBuild } from "@nucleo/tooling/tsup";

export default definePackageBuild({
  entry: { index: "src/index.ts", "testing/index": "src/testing/index.ts" },
});
