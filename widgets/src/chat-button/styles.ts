import { MOBILE_MAX_WIDTH, type ChatButtonSettings } from './settings.js';

/**
 * The shadow root's stylesheet. `:host` rules are !important because, for important declarations,
 * the shadow tree wins over the host page's (CSS Cascade 4), so `* { all: unset !important }` on the
 * page cannot move or resize the button; `all: initial` stops inherited fonts and colours coming in.
 * Anchoring the button's own offset% at the screen's offset% keeps it inside the screen at any width.
 */
export function chatButtonCss(s: ChatButtonSettings): string {
  const place = (offset: number) => `left:${offset}%!important;transform:translateX(-${offset}%)!important;`;
  const hideDesktop = s.display === 'mobile' ? 'display:none!important;' : '';
  const hideMobile = s.display === 'desktop' ? 'display:none!important;' : '';
  return `:host{all:initial!important;position:fixed!important;bottom:${s.offsetBottom}px!important;top:auto!important;right:auto!important;z-index:2147483000!important;display:block!important;margin:0!important;padding:0!important;width:auto!important;height:auto!important;${place(s.offsetDesktop)}${hideDesktop}}
@media (max-width:${MOBILE_MAX_WIDTH}px){:host{${place(s.offsetMobile)}display:block!important;${hideMobile}}}
a{all:initial;box-sizing:border-box;display:flex;align-items:center;gap:8px;cursor:pointer;font:600 15px/1.2 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;border-radius:999px;box-shadow:0 4px 14px rgba(0,0,0,.25);text-decoration:none;white-space:nowrap;transition:transform .2s ease;animation:in .3s ease-out}
a:hover{transform:scale(1.05)}
a:focus-visible{outline:3px solid #1a73e8;outline-offset:3px}
svg{width:28px;height:28px;flex:none}
.small{width:56px;height:56px;justify-content:center;background:#15803d;color:#fff}
.large{padding:10px 18px 10px 12px;background:#fff;color:#075e54}
.large svg{color:#25d366}
.large-green{padding:10px 18px 10px 12px;background:#15803d;color:#fff}
@keyframes in{from{opacity:0}to{opacity:1}}
@media (prefers-reduced-motion:reduce){a{transition:none;animation:none}a:hover{transform:none}}`;
}

/** What the shadow root holds for an element with no phone: nothing shown, nothing in the page's flow. */
export const HIDDEN_CSS = ':host{display:none!important}';

/** A speech bubble with a handset, in the button's text colour. */
export const ICON =
  '<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><path fill="currentColor" d="M16 3a13 13 0 0 0-11.2 19.6L3 29l6.6-1.7A13 13 0 1 0 16 3zm0 2.4a10.6 10.6 0 1 1-5.5 19.7l-.4-.2-3.9 1 1-3.8-.2-.4A10.6 10.6 0 0 1 16 5.4zm-4.3 5.3c-.3 0-.7.1-1 .5-.4.4-1.4 1.3-1.4 3.2s1.4 3.7 1.6 4c.2.3 2.7 4.3 6.7 5.8 3.3 1.3 4 1 4.7 1 .7-.1 2.3-1 2.7-1.9.3-.9.3-1.7.2-1.9l-.6-.4-2.3-1.1c-.3-.1-.6-.2-.8.2l-1.1 1.3c-.2.3-.4.3-.8.1a8.7 8.7 0 0 1-4.3-3.8c-.3-.5.3-.5.9-1.6.1-.2 0-.4 0-.6l-1-2.5c-.3-.7-.6-.6-.8-.6h-.7z"/></svg>';
