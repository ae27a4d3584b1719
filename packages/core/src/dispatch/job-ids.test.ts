import { describe, expect, it } from "vitest";
import { createJobIds } from "./job-ids.js";

describe("job ids", () => {
  it("are distinct UUID-shaped strings, unique across minters", () => {
    const first = createJobIds();
    const second = createJobIds();
    const ids = [first(), first(), second(), second()];
    expect(new Set(ids).size).toBe(4);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("end in the minter's counter as twelve hex digits, across the turn of its lower 24 bits", () => {
    const next = createJobIds(() => "00000000-0000-4000-8000-000000000000");
    expect(next()).toBe("00000000-0000-4000-8000-000000000001");
    for (let index = 2; index < 0x100_0000; index++) next();
    expect(next()).toBe("00000000-0000-4000-8000-000001000000");
    expect(next()).toBe("00000000-0000-4000-8000-000001000001");
  });
});
