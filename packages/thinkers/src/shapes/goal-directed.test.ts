import { describe, expect, it } from "vitest";
import { z } from "zod";
import { thinkerInput } from "../thinker/thinker-input.js";
import { GoalDirected } from "./goal-directed.js";

describe("GoalDirected.prompt", () => {
  it("spells the input's declared fields the wire's way and keeps a record's keys as the user wrote them", () => {
    const ReviewInput = thinkerInput({
      publicationNumber: z.string(),
      URL: z.string(),
      userTags: z.record(z.string(), z.string()),
    });
    const input: z.infer<typeof ReviewInput> = {
      depth: "QUICK",
      publicationNumber: "EP1",
      URL: "https://x",
      userTags: { myTag: "a", us_123: "b" },
    };
    const prompt = GoalDirected.prompt(input, ReviewInput);
    expect(JSON.parse(prompt)).toEqual({
      publication_number: "EP1",
      url: "https://x",
      user_tags: { myTag: "a", us_123: "b" },
    });
  });
});
