/**
 * Wording a reasoning field's description must not use. A provider's reasoning-extraction
 * classifier keys on requests for the model's own thought process, whichever words ask for it,
 * and refuses the call; a request for a checkable justification passes.
 */
const FORBIDDEN_WORDING: readonly RegExp[] = [
  /chain[\s-]*of[\s-]*thoughts?/i,
  /\w*thought\w*/i,
  /\bthink\w*/i,
  /\binternal(?:ly)?\b/i,
  /\binner\b/i,
  /\bmonologue\b/i,
  /\bscratch[\s-]?pad\b/i,
  /\bmental(?:ly)?\b/i,
  /\bstream of consciousness\b/i,
  /\breasoning process\b/i,
  /\byour (?:own )?reasoning\b/i,
  /\bhow you (?:reason|reasoned|arrived|got|came)\b/i,
  /\b(?:deliberat|introspect|brainstorm|ponder)\w*/i,
];

/**
 * The wording in `description` that asks for the model's thought process, or `undefined` when
 * it asks only for something a reader can check.
 *
 * @example
 * reasoningWordingFault("Your thought process"); // "thought"
 * reasoningWordingFault("The evidence behind the answer"); // undefined
 */
export function reasoningWordingFault(description: string): string | undefined {
  for (const pattern of FORBIDDEN_WORDING) {
    const found = pattern.exec(description);
    if (found) return found[0];
  }
  return undefined;
}
