// examples/content-policy.ts
import { keptText, type ContentPolicy } from "@nucleo/core";

const policy: ContentPolicy = {
  mode: "full",
  redact: (text) => text.replaceAll(/[\w.+-]+@[\w-]+\.[\w.]+/g, "[email]"),
};
console.log(keptText("Write to ann@example.com", "message", policy)); // Write to [email]
