import { describeReadmeExamples } from "@nucleo/tooling/readme-examples";

describeReadmeExamples(new URL("../", import.meta.url), [
  "pick-and-pin",
  "shared-admission",
  "price-a-call",
]);
