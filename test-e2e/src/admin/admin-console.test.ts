// The admin console in headless Chromium, over a PostgreSQL server filled by the built worker's
// real runs and an XSS canary run: one fill and one browser for every rule (see harness/).
import { describe } from "vitest";
import { contentSecurityRules } from "./content-security.js";
import { crossSiteRules } from "./cross-site.js";
import { adminSuite } from "./harness/admin-suite.js";
import { operatorActionsRules } from "./operator-actions.js";
import { overviewPagesRules } from "./overview-pages.js";
import { runPagesRules } from "./run-pages.js";
import { screenshotRules } from "./screenshots.js";
import { signingInRules } from "./signing-in.js";
import { xssCanaryRules } from "./xss-canary.js";

describe("the admin console in a real browser, over real worker runs", () => {
  const test = adminSuite();
  describe("signing in", () => signingInRules(test));
  // Read-only rules first: the operator's actions below change the queue the fleet page counts.
  describe("pages over the recorded runs", () => {
    runPagesRules(test);
    overviewPagesRules(test);
  });
  describe("the XSS canary", () => xssCanaryRules(test));
  describe("cross-site requests", () => crossSiteRules(test));
  describe("the content security policy", () => contentSecurityRules(test));
  describe("roles and actions", () => operatorActionsRules(test));
  describe("screenshots", () => screenshotRules(test));
});
