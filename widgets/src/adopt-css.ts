/**
 * Styles a shadow root through a constructable stylesheet (`adoptedStyleSheets`), which a host page's
 * Content-Security-Policy `style-src` does not block, unlike a `<style>` element. Returns the sheet
 * (to update with `replaceSync`), or null where the browser has no constructable stylesheets: the
 * caller then falls back to a `<style>` element.
 */
export function adoptCss(root: ShadowRoot, css: string): CSSStyleSheet | null {
  if (typeof CSSStyleSheet !== 'function' || !('adoptedStyleSheets' in root)) return null;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return sheet;
  } catch {
    return null;
  }
}
