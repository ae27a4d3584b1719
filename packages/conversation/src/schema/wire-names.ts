import { WireCase } from "./wire-case.js";

/**
 * The name the model reads and writes for each declared key of one object, in declaration
 * order: `WireCase.toWire(key)` (`patentNumber` → `patent_number`, `URL` → `url`), unless two
 * keys would share it. Then a key already spelled the wire's way (`patent_number`) keeps its
 * spelling, the first other key claims the name, and a later one keeps its own spelling; that
 * can never clash, since it has a capital and wire names have none. So each key has exactly one
 * name, and the JSON Schema and the key conversion agree on it because both ask this function.
 *
 * @internal
 * @example
 * wireNamesOf(["patentNumber", "URL"]); // Map { patentNumber → patent_number, URL → url }
 * wireNamesOf(["fooBar", "foo_bar"]); // Map { fooBar → fooBar, foo_bar → foo_bar }
 */
export function wireNamesOf(keys: readonly string[]): Map<string, string> {
  const taken = new Set<string>();
  for (const key of keys) if (WireCase.toWire(key) === key) taken.add(key);
  const names = new Map<string, string>();
  for (const key of keys) {
    const wire = WireCase.toWire(key);
    if (wire === key) names.set(key, key);
    else if (taken.has(wire)) names.set(key, key);
    else {
      taken.add(wire);
      names.set(key, wire);
    }
  }
  return names;
}
