import { describe, expect, it } from "vitest";
import * as main from "../index.js";
import * as internal from "./index.js";

describe("@nucleo/tools's entries", () => {
  it("the model-dependent mark is shared through the internal entry only, never the main one", () => {
    expect(Object.keys(internal).sort()).toEqual(["isModelDependent", "markModelDependent"]);
    expect(Object.keys(main).filter((name) => name in internal)).toEqual([]);
  });
});
