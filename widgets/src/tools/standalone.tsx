import { createRoot, type Root } from 'react-dom/client';
import { adoptCss } from '../adopt-css.js';
import { ToolBoundary } from './boundary.js';
import { TOOL_COMPONENTS } from './index.js';
import type { PhoneNormalizer } from './phone.js';
import { TOOL_CSS } from './styles.js';
import { SheetAdopted } from './ui.js';

const MOUNTED = new WeakSet<Element>();
/** Tools that take a phone number: they get the libphonenumber-js reader once it has loaded. */
const NUMBER_TOOLS = new Set(['whatsapp-qr-code-generator', 'qr-code-generator', 'vcardmaker']);
/** Where this script was loaded from: phone-numbers.js sits beside it. */
const SCRIPT_SRC = (document.currentScript as HTMLScriptElement | null)?.src ?? '';

let reader: Promise<PhoneNormalizer | null> | undefined;
/**
 * The country-aware number reader (libphonenumber-js, ~30 kB gzip), imported from beside this script
 * the first time a tool needs it, so tools.js itself stays small. Until it answers, or if it cannot
 * load, the tool reads numbers without metadata (+ and 00, 8 to 15 digits).
 */
function phoneReader(): Promise<PhoneNormalizer | null> {
  if (!reader) {
    const url = SCRIPT_SRC ? new URL('phone-numbers.js', SCRIPT_SRC).href : '';
    reader = url
      ? import(/* @vite-ignore */ url).then(
          (m: { normalizeInternational?: PhoneNormalizer }) => m.normalizeInternational ?? null,
          () => null,
        )
      : Promise.resolve(null);
  }
  return reader;
}

function render(root: Root, name: string, adopted: boolean, normalizePhone?: PhoneNormalizer): void {
  const Tool = TOOL_COMPONENTS[name]!;
  // A tool that throws shows a message and Try again in its box; the host page is never touched.
  root.render(
    <SheetAdopted.Provider value={adopted}>
      <ToolBoundary name={name}>
        <Tool {...(normalizePhone ? { normalizePhone } : {})} />
      </ToolBoundary>
    </SheetAdopted.Provider>,
  );
}

/** Mounts the tool an element names (data-wapi-tool) into its own shadow root; idempotent. */
export function mountTool(el: Element): boolean {
  const name = el.getAttribute('data-wapi-tool') ?? '';
  if (!TOOL_COMPONENTS[name] || MOUNTED.has(el)) return false;
  MOUNTED.add(el);
  const shadow = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
  // A constructable stylesheet: styled even where the host's CSP forbids inline styles.
  const adopted = adoptCss(shadow, TOOL_CSS) !== null;
  const container = document.createElement('div');
  shadow.append(container);
  const root = createRoot(container);
  render(root, name, adopted);
  if (NUMBER_TOOLS.has(name))
    void phoneReader().then((normalize) => normalize && render(root, name, adopted, normalize));
  return true;
}

/** Mounts every `[data-wapi-tool]` element of the page. */
export function mountAll(root: ParentNode = document): number {
  return [...root.querySelectorAll('[data-wapi-tool]')].filter(mountTool).length;
}

(window as unknown as { WapiTools: object }).WapiTools = { mount: mountTool, mountAll };
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => mountAll(), { once: true });
else mountAll();
