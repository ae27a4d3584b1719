import { describe, expect, it } from "vitest";
import { DEV_ONLY_LAYERS, DEV_ONLY_VENDORS, LAYERS, VENDOR_HOMES } from "./layers.js";

function edges(layer: string): readonly string[] {
  return [...(LAYERS[layer] ?? []), ...(DEV_ONLY_LAYERS[layer] ?? [])];
}

describe("the layer map", () => {
  it("names only packages it also places", () => {
    const named = [
      ...Object.values(LAYERS).flat(),
      ...Object.keys(DEV_ONLY_LAYERS),
      ...Object.values(DEV_ONLY_LAYERS).flat(),
      ...Object.values(VENDOR_HOMES),
      ...Object.keys(DEV_ONLY_VENDORS),
    ];
    expect(named.filter((name) => LAYERS[name] === undefined)).toEqual([]);
  });

  it("has no cycles, counting what tests may use", () => {
    const cycles: string[] = [];
    const visit = (layer: string, path: readonly string[]): void => {
      if (path.includes(layer)) {
        cycles.push([...path, layer].join(" -> "));
        return;
      }
      for (const next of edges(layer)) visit(next, [...path, layer]);
    };
    for (const layer of Object.keys(LAYERS)) visit(layer, []);
    expect(cycles).toEqual([]);
  });
});
