/**
 * @nucleo/conversation/internal — what Nucleo's own packages share and users do not call: the
 * walkers over zod's internals that turn a schema into what a model sees and back (the wire's
 * JSON Schema, key spelling, refusals worded from the schema). For Nucleo's own packages: it
 * is published, but unsupported for anyone else (in this repo the architecture test refuses it
 * in apps and test-e2e) and may change in any release.
 *
 * @packageDocumentation
 */
export { modelJsonSchema } from "../schema/model-json-schema.js";
export { wireJsonSchema } from "../schema/wire-json-schema.js";
export { wireKeysFromWire, wireKeysToWire } from "../schema/wire-keys.js";
export {
  describeWireIssue,
  type WireIssue,
  type DescribeWireIssueOptions,
} from "../schema/wire-issue.js";
export { declaredType } from "../schema/declared-type.js";
export { WireCase } from "../schema/wire-case.js";
export { zodDef, unwrapZod, isZodWrapper, isJsonObject, type ZodDef } from "../schema/zod-def.js";
export { parseJsonObject } from "../client/text-tools-client.js";
