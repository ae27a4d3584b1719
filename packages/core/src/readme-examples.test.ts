import { describeReadmeExamples } from "@nucleo/tooling/readme-examples";

describeReadmeExamples(new URL("../", import.meta.url), [
  "quick-start",
  "doer-workflow",
  "seats-and-signals",
  "content-policy",
  "replay",
]);
