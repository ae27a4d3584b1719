import { createMiddleware } from "hono/factory";
import type { AdminEnv } from "./admin-env.js";
import { ApiFailure } from "./api-failure.js";

/** Lets only an operator through: a viewer reads, and is refused every action with a 403. */
export const requireOperator = createMiddleware<AdminEnv>(async (c, next) => {
  if (c.get("session").role !== "operator") {
    throw new ApiFailure(
      403,
      "forbidden",
      "Only an operator may do this; you are signed in as a viewer.",
    );
  }
  await next();
});
