/**
 * The console's 24-hour times in the viewer's time zone: `HH:mm` for a clock, `DD.MM.YY HH:mm` for a
 * date (as the analytics and the back-office write them). Numbers below 1e12 are Unix seconds.
 */
const two = (n: number) => String(n).padStart(2, '0');
const asDate = (value: number) => new Date(value < 1e12 ? value * 1000 : value);

/** `HH:mm`, 24-hour. */
export function clockTime(value: number): string {
  const d = asDate(value);
  return `${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** `DD.MM.YY`. */
export function shortDate(value: number): string {
  const d = asDate(value);
  return `${two(d.getDate())}.${two(d.getMonth() + 1)}.${two(d.getFullYear() % 100)}`;
}

/** `DD.MM.YY HH:mm`, 24-hour. */
export function dateTime(value: number): string {
  return `${shortDate(value)} ${clockTime(value)}`;
}

/** A list's time: `HH:mm` today, else `DD.MM.YY`. */
export function listTime(value: number, now = Date.now()): string {
  return shortDate(value) === shortDate(now) ? clockTime(value) : shortDate(value);
}
