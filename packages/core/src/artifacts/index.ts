export { ArtifactRegistry, type Artifact, type ArtifactRef } from "./artifact-registry.js";
export { defineArtifactType, type ArtifactType } from "./artifact-type.js";
export { writeSummarizedWithRefs } from "./write-summarized-with-refs.js";
