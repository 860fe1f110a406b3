import { createRoot } from 'react-dom/client';
import { ToolBoundary } from './boundary.js';
import { TOOL_COMPONENTS } from './index.js';

const MOUNTED = new WeakSet<Element>();

/** Mounts the tool an element names (data-wapi-tool) into its own shadow root; idempotent. */
export function mountTool(el: Element): boolean {
  const Tool = TOOL_COMPONENTS[el.getAttribute('data-wapi-tool') ?? ''];
  if (!Tool || MOUNTED.has(el)) return false;
  MOUNTED.add(el);
  const shadow = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
  const container = document.createElement('div');
  shadow.append(container);
  const name = el.getAttribute('data-wapi-tool')!;
  // A tool that throws shows a message and Try again in its box; the host page is never touched.
  createRoot(container).render(
    <ToolBoundary name={name}>
      <Tool />
    </ToolBoundary>,
  );
  return true;
}

/** Mounts every `[data-wapi-tool]` element of the page. */
export function mountAll(root: ParentNode = document): number {
  return [...root.querySelectorAll('[data-wapi-tool]')].filter(mountTool).length;
}

(window as unknown as { WapiTools: object }).WapiTools = { mount: mountTool, mountAll };
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => mountAll(), { once: true });
else mountAll();
