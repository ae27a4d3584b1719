import { definePackageBuild } from "@nucleo/tooling/tsup";

export default definePackageBuild();
