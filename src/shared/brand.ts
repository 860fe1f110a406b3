/** The brand slug as a display name: `wapi` → `Wapi`. */
export function brandName(brand: string): string {
  return brand.charAt(0).toUpperCase() + brand.slice(1);
}
