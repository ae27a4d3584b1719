import { describeReadmeExamples } from "@nucleo/tooling/readme-examples";

describeReadmeExamples(new URL("../", import.meta.url), ["send-and-stream", "responses-api"]);
