/** Risk factor labels of the block-risk estimate (3-developer §4); any other value reads 'Unknown'. Zod-free: the console imports it. */
export const RISK_LABELS = { 1: 'Critical Risk', 2: 'Moderate Risk', 3: 'Good Indicator' } as const;

/** The label of a risk factor. */
export function riskLabel(factor: unknown): string {
  return RISK_LABELS[factor as keyof typeof RISK_LABELS] ?? 'Unknown';
}
