// examples/pick-and-pin.ts
import { CatalogAdmission, loadCatalog } from "@nucleo/catalog";

const catalog = await loadCatalog(new URL("./catalog.example.yaml", import.meta.url).pathname);

// A deployment that may only send data to zero-retention endpoints, and pins a MEGA entry.
const admission = new CatalogAdmission({
  catalog,
  policy: { envelope: { retention: ["zero"] }, megaEntry: "anthropic-claude-opus-4-5" },
});
const picker = admission.picker;

// "LARGE model, STANDARD effort, COMPACT answer" becomes an entry and its numbers:
const seat = picker.bind({ grade: "LARGE", depth: "STANDARD", output: "COMPACT" });
console.log(seat.entry.id, seat.outputBudget, seat.reasoningTokens, seat.maxOutputTokens); // openai-gpt-5 4096 8192 12288
console.log(picker.ceiling()); // MEGA

// A pin bypasses the picker, never the envelope:
try {
  picker.pinned("anthropic-claude-sonnet-4-5");
} catch (error) {
  console.log((error as Error).message); // Invalid value for "pin" (got "anthropic-claude-sonnet-4-5"): expected an entry inside the deployment's compliance envelope, but its tag retention=standard is outside the envelope, which allows retention in (zero).
}

// The seat is priced from the exact request the wire will carry, then admitted:
const system = { text: "You review patent claims." };
const history = [{ role: "user", text: "Is claim 1 novel over D1?" }];
const inputTokens = admission.tokens.countRequest(seat.entry, { system, messages: history });
const granted = await admission.reserve(
  { entryId: seat.entry.id, inputTokens, maxOutputTokens: seat.maxOutputTokens },
  { signal: AbortSignal.timeout(60_000), jobId: "example" },
);
admission.settle(granted, { inputTokens, outputTokens: 412 });
console.log(
  admission
    .usage(seat.entry.id)
    .map((limit) => `${limit.limit} ${limit.used}/${limit.max}`)
    .join(", "),
); // requestsPerMinute 1/500, tokensPerMinute 437/500000
