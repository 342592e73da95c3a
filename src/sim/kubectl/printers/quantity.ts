/**
 * The printers' view of resource.Quantity: parsing what objects hold (strings or numbers) without
 * throwing, for table cells and describe. The arithmetic is src/sim/api/quantity.ts (one way to
 * do a thing).
 */
import { Quantity, quantityFromJSON, type Format } from '../../api/quantity';

export { Quantity };
export type QuantityFormat = Format;

/** resource.ParseQuantity on a value found in an object; undefined for invalid input. */
export function parseQuantity(input: unknown): Quantity | undefined {
  if (input instanceof Quantity) return input;
  if (typeof input === 'number' && !Number.isFinite(input)) return undefined;
  if (typeof input !== 'string' && typeof input !== 'number' && typeof input !== 'bigint') return undefined;
  try {
    return quantityFromJSON(typeof input === 'string' ? input.trim() : input);
  } catch {
    return undefined;
  }
}

/** Canonical form of a quantity string as the API server would print it; the input on failure. */
export function canonicalQuantity(input: unknown): string {
  const q = parseQuantity(input);
  return q ? q.toString() : String(input ?? '');
}

/** A zero Quantity{} as Go's zero value prints it: "0". */
export function zeroQuantity(): Quantity {
  return new Quantity(0n, 0, 'DecimalExponent');
}

/** A quantity from a ResourceList (missing -> zero Quantity{} which prints "0"). */
export function listQuantity(list: Record<string, unknown> | undefined, name: string): Quantity {
  const v = list?.[name];
  return (v === undefined ? undefined : parseQuantity(v)) ?? zeroQuantity();
}
