import { describe, expect, it } from "vitest";
import * as main from "../index.js";
import * as internal from "./index.js";

describe("@nucleo/catalog's entries", () => {
  it("the request count memo is shared through the internal entry only, never the main one", () => {
    expect(Object.keys(internal)).toEqual(["RequestCountMemo"]);
    expect(main).not.toHaveProperty("RequestCountMemo");
  });
});
