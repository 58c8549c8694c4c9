/**
 * Kubernetes resource quantities (`250m`, `2`, `128Mi`, `1G`, `16267676Ki`, `1e3`).
 *
 * Grammar and suffixes follow the Kubernetes `resource.Quantity` type: decimal SI suffixes
 * (`n u m "" k M G T P E`), binary suffixes (`Ki Mi Gi Ti Pi Ei`) and decimal exponents (`e3`, `E6`).
 *
 * @see https://kubernetes.io/docs/reference/kubernetes-api/common-definitions/quantity/
 */

const BINARY: Record<string, number> = {
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

const DECIMAL: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
};

const QUANTITY_RE = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])|[eE]([+-]?\d+))?$/;

/**
 * Parse a quantity into its plain value in base units (cores for cpu, bytes for memory).
 * @param quantity - a quantity string such as `250m`, `1.5`, `128Mi`, `1G`, `1e3`; a number is taken as is
 * @returns the value in base units, or `null` when the text is not a valid quantity
 */
export function parseQuantity(quantity: string | number | null | undefined): number | null {
  if (typeof quantity === 'number') return Number.isFinite(quantity) ? quantity : null;
  if (typeof quantity !== 'string') return null;
  const m = QUANTITY_RE.exec(quantity.trim());
  if (!m) return null;
  const base = Number(m[1]);
  if (!Number.isFinite(base)) return null;
  if (m[3] !== undefined) return base * 10 ** Number(m[3]);
  const suffix = m[2] ?? '';
  const factor = BINARY[suffix] ?? DECIMAL[suffix];
  return factor === undefined ? null : base * factor;
}

/**
 * CPU quantity in millicores (`250m` -> 250, `2` -> 2000, `0.5` -> 500), rounded up to a whole
 * millicore as Kubernetes does (the smallest CPU unit is 1m).
 * @param quantity - cpu quantity string
 * @returns millicores, or `null` when invalid
 */
export function cpuToMillicores(quantity: string | number | null | undefined): number | null {
  const v = parseQuantity(quantity);
  if (v === null) return null;
  return Math.ceil(Math.round(v * 1e3 * 1e6) / 1e6);
}

/**
 * Memory (or any byte) quantity in bytes (`128Mi` -> 134217728, `1G` -> 1e9, `16267676Ki` ->
 * 16658100224), rounded up to a whole byte.
 * @param quantity - memory quantity string
 * @returns bytes, or `null` when invalid
 */
export function memoryToBytes(quantity: string | number | null | undefined): number | null {
  const v = parseQuantity(quantity);
  if (v === null) return null;
  return Math.ceil(Math.round(v * 1e6) / 1e6);
}
