/**
 * The metadata key under which a thinker tells the children it submits its own depth, so a
 * thinker run as a tool (a sub-thinker, an agent-as-tool) clamps its depth to its parent's.
 */
export const META_PARENT_DEPTH = "nucleo.parentDepth";
