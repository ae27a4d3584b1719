import { describe, expect, it } from "vitest";
import { installEnvironment, userEnvironment } from "./run-command.js";

const environment = {
  PATH: "/usr/bin",
  HTTPS_PROXY: "http://proxy.invalid:3128",
  npm_config_registry: "http://mirror.invalid/",
  NPM_CONFIG_HTTPS_PROXY: "http://proxy.invalid:3128",
  npm_config_cafile: "/etc/ssl/company.pem",
  pnpm_config_strict_ssl: "true",
  "npm_config_@acme:registry": "http://acme.invalid/",
  "npm_config_@nucleo:registry": "http://somewhere.invalid/",
  npm_config_hoist: "true",
  npm_config_user_agent: "pnpm/12",
  npm_execpath: "/usr/bin/pnpm",
  VITEST_POOL_ID: "1",
  NODE_ENV: "test",
  NODE_PATH: "/work/node_modules/.pnpm/node_modules",
  OPENAI_API_KEY: "not-a-real-key",
};

describe("the environments commands run in", () => {
  it("installs keep the registry, proxy and CA settings, but no registry for @nucleo and no other package-manager setting", () => {
    expect(installEnvironment(environment)).toEqual({
      PATH: "/usr/bin",
      HTTPS_PROXY: "http://proxy.invalid:3128",
      npm_config_registry: "http://mirror.invalid/",
      NPM_CONFIG_HTTPS_PROXY: "http://proxy.invalid:3128",
      npm_config_cafile: "/etc/ssl/company.pem",
      pnpm_config_strict_ssl: "true",
      "npm_config_@acme:registry": "http://acme.invalid/",
    });
  });

  it("scripts run in a user's shell: no package-manager or test-runner variables (NODE_PATH, set by pnpm's shims, included), no keys", () => {
    expect(userEnvironment({ EXTRA: "1" }, environment)).toEqual({
      PATH: "/usr/bin",
      HTTPS_PROXY: "http://proxy.invalid:3128",
      EXTRA: "1",
    });
  });
});
