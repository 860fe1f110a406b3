import { useEffect, useRef } from 'react';

/**
 * Marks a box that scrolls sideways with `data-more-start` / `data-more-end` while there is more of it
 * past that edge (the stylesheet fades the edge), so a table or a tab bar cut off by a narrow screen
 * says that it goes on. Kept current on scroll and whenever the box or its content changes size.
 */
export function useScrollCue<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const update = () => {
      const max = el.scrollWidth - el.clientWidth;
      el.toggleAttribute('data-more-start', el.scrollLeft > 1);
      el.toggleAttribute('data-more-end', el.scrollLeft < max - 1);
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const sizes = new ResizeObserver(update);
    sizes.observe(el);
    for (const child of el.children) sizes.observe(child);
    return () => {
      el.removeEventListener('scroll', update);
      sizes.disconnect();
    };
  }, []);
  return ref;
}
