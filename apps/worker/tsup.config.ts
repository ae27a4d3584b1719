import { definePackageBuild } from "@nucleo/tooling/tsup";

export default definePackageBuild({
  entry: ["src/main.ts"],
  dts: false,
  banner: { js: "#!/usr/bin/env node" },
});
