import { describeReadmeExamples } from "@nucleo/tooling/readme-examples";

describeReadmeExamples(new URL("../", import.meta.url), ["scripted-client", "mock-server", "rate-limits"]);
