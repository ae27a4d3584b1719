import { describe, expect, it } from "vitest";
import { idempotentWorkflowId } from "./idempotent-workflow-id.js";
import { isUuid, uuidV5 } from "./uuid-v5.js";

const DNS_NAMESPACE = "6ba7b810-9dad-11d1-80b4-00c04fd430c8";
const URL_NAMESPACE = "6ba7b811-9dad-11d1-80b4-00c04fd430c8";

describe("UUIDv5", () => {
  it("matches the known vectors of the DNS and URL namespaces", () => {
    expect(uuidV5("www.example.com", DNS_NAMESPACE)).toBe("2ed6657d-e927-568b-95e1-2665a8aea6a2");
    expect(uuidV5("https://example.com/", URL_NAMESPACE)).toBe(
      "dd2c1780-811a-5296-81c5-178a0ef488bc",
    );
  });

  it("refuses a namespace that is not a UUID", () => {
    expect(() => uuidV5("x", "not-a-uuid")).toThrow(/namespace is not a UUID/);
  });
});

describe("a workflow id from an idempotency key", () => {
  it("is the same for the same key and tenant, and a version-5 UUID", () => {
    const id = idempotentWorkflowId("invoice-42", "acme");
    expect(id).toBe(idempotentWorkflowId("invoice-42", "acme"));
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe("5");
  });

  it("differs between tenants, and no tenant and key run together into another pair", () => {
    expect(idempotentWorkflowId("k", "a")).not.toBe(idempotentWorkflowId("k", "b"));
    expect(idempotentWorkflowId("k")).not.toBe(idempotentWorkflowId("k", "a"));
    expect(idempotentWorkflowId("b", "a:")).not.toBe(idempotentWorkflowId(":b", "a"));
  });
});
