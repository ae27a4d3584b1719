/**
 * Brands a value with a registry-wide symbol so type guards keep working when two copies of
 * a Nucleo package are loaded side by side, where `instanceof` would answer false.
 *
 * @internal
 */
export function hasBrand(value: unknown, brand: symbol): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<symbol, unknown>)[brand] === true
  );
}

/**
 * Brands every instance of a class at once, on its prototype: a property lookup finds it on
 * each instance (so {@link hasBrand} answers true) at no cost per instance. Not writable, so an
 * instance cannot lose it by assignment.
 *
 * @internal
 */
export function brandPrototype(prototype: object, brand: symbol): void {
  Object.defineProperty(prototype, brand, { value: true });
}
