/**
 * How the console, the back-office and the e-mails write counts and money: one place, so a count of
 * one is never '1 phones' and an amount never '$29.9'.
 */

/** `n` and the noun agreeing with it: `1 phone`, `2 phones`, `0 phones` (`many` for irregular plurals). */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** An amount of money with two decimals: `$29.90` for US dollars, `29.90 EUR` for another currency. */
export function money(amount: number, currency = 'USD'): string {
  const fixed = (Math.round(amount * 100) / 100).toFixed(2);
  return currency.toUpperCase() === 'USD' ? `$${fixed}` : `${fixed} ${currency.toUpperCase()}`;
}

/** An amount held in cents (the billing tables), written as `money` writes it. */
export function cents(amount: number, currency = 'USD'): string {
  return money(amount / 100, currency);
}
