/**
 * Marks an error with a registry-wide symbol (`Symbol.for`), so its `isInstance` answers true
 * even for an error thrown by another copy of this package, where `instanceof` answers false.
 * The recorder's three error classes (database, write, query) share these two steps.
 *
 * @internal
 */
export function brandError(error: Error, brand: symbol): void {
  Object.defineProperty(error, brand, { value: true });
}

/**
 * True when `value` carries the brand {@link brandError} put on it.
 *
 * @internal
 */
export function hasErrorBrand(value: unknown, brand: symbol): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<symbol, unknown>)[brand] === true
  );
}
