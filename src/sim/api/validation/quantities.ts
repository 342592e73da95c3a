/**
 * Glue between JSON resource values and ../quantity (resource.Quantity).
 *
 * upstream: staging/src/k8s.io/apimachinery/pkg/api/resource/quantity.go (UnmarshalJSON accepts a
 *           JSON number or string; ErrFormatWrong; RoundUp), pkg/apis/core/v1/defaults.go
 *           SetDefaults_ResourceList (round up to milli scale).
 */
import { ErrFormatWrong, Milli, quantityFromJSON, type Quantity } from '../quantity';

export type { Quantity };

/**
 * The error upstream returns for a malformed quantity. Upstream this is a decode error (HTTP 400,
 * `... cannot be handled as a Pod: quantities must match ...`); here it is reported as a field error.
 */
export const QUANTITY_FORMAT_ERROR = ErrFormatWrong;

/** Parses a JSON quantity (string, or number as Quantity.UnmarshalJSON accepts); undefined when malformed. */
export function quantityOf(v: unknown): Quantity | undefined {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'bigint') return undefined;
  try {
    return quantityFromJSON(v);
  } catch {
    return undefined;
  }
}

/**
 * SetDefaults_ResourceList: round a quantity up to milli scale and return its canonical string
 * (`0.5` -> `500m`, `1u` -> `1m`, `128974848` -> `128974848`, `1.5Gi` -> `1536Mi`).
 */
export function roundUpToMilli(q: Quantity): string {
  return q.roundUp(Milli).quantity.toString();
}

/** upstream: value.MilliValue()%1000 == 0 */
export function isWholeQuantity(q: Quantity): boolean {
  return q.milliValueBig() % 1000n === 0n;
}
