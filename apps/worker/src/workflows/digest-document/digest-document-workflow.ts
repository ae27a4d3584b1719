import { readFileSync } from "node:fs";
import { packageFile } from "../../package-files.js";
import type { WorkflowDefinition } from "../workflow-definition.js";
import { DigestDocument, DigestInput } from "./digest-document.js";
import { digestDocumentMock } from "./digest-document-mock.js";

/** The `digest_document` workflow: a doer that fans out one-call summaries under one step ordinal. */
export const digestDocumentWorkflow: WorkflowDefinition<DigestInput> = {
  name: "digest_document",
  description:
    "A doer splits a document into paragraphs, summarises them in parallel with a one-call tool, and joins the summaries.",
  input: DigestInput,
  // The bundled sample, read when asked for.
  get exampleInput() {
    return { text: readFileSync(packageFile("samples/field-notes.txt"), "utf8") };
  },
  start: (input, { environment }) => ({ job: new DigestDocument({ environment }), input }),
  mock: digestDocumentMock,
};
