import { describeReadmeExamples } from "@nucleo/tooling/readme-examples";

describeReadmeExamples(new URL("../", import.meta.url), [
  "scripted-client",
  "test-runtime",
  "mock-server",
  "rate-limits",
  "prompt-cache",
]);
