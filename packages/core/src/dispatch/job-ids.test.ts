import { describe, expect, it } from "vitest";
import { createJobIds } from "./job-ids.js";

describe("job ids", () => {
  it("are distinct UUID-shaped strings, unique across minters", () => {
    const first = createJobIds();
    const second = createJobIds();
    const ids = [first(), first(), second(), second()];
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
