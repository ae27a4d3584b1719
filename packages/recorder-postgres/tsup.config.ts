import { definePackageBuild } from "@nucleo/tooling/tsup";

// The library, and the command-line entry behind `nucleo-recorder`.
export default definePackageBuild({ entry: { index: "src/index.ts", "cli/main": "src/cli/main.ts" } });
