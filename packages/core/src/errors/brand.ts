/**
 * Brands a value with a registry-wide symbol so type guards keep working when two copies of
 * a Nucleo package are loaded side by side, where `instanceof` would answer false.
 *
 * @internal
 */
export function hasBrand(value: unknown, brand: symbol): boolean {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}
