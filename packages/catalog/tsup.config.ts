import { definePackageBuild } from "@nucleo/tooling/tsup";

export default definePackageBuild({
  entry: { index: "src/index.ts", "prices/index": "src/prices/index.ts" },
  external: ["@pydantic/genai-prices"],
});
