/**
 * uPlot formats numbers with `navigator.language` when it loads. A browser on a POSIX locale (Linux
 * with LANG=C) reports 'en-US@posix', which Intl refuses, and the chart would not load at all: such
 * a browser is given the tag without its '@' part. Imported before uPlot.
 */
export function validNavigatorLanguage(nav: { language: string } = navigator): void {
  try {
    new Intl.NumberFormat(nav.language);
  } catch {
    Object.defineProperty(nav, 'language', { value: nav.language.split('@')[0] || 'en-US', configurable: true });
  }
}

if (typeof navigator !== 'undefined') validNavigatorLanguage();
