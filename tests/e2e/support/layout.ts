import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** What sticks out past the viewport's sides: the page's scroll width and each element that does, by selector. */
export async function overflowing(page: Page): Promise<{ scrollWidth: number; elements: string[] }> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`;
    // An element inside a scrolling or clipping box is that box's business: the box itself is checked.
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const elements: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || (r.left >= -1 && r.right <= vw + 1)) continue;
      if (getComputedStyle(el).visibility === 'hidden' || clipped(el)) continue;
      elements.push(`${name(el)} [${Math.round(r.left)}..${Math.round(r.right)}]`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, elements };
  });
}

/**
 * The visible form controls the support bubble lies over, at every scroll position of the page (a step
 * of half a viewport, and the very bottom): the bubble must never hide one.
 */
export async function coveredByBubble(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const covered = new Set<string>();
    const bubble = document.querySelector('.w-support');
    if (!bubble) return [];
    const max = document.documentElement.scrollHeight - innerHeight;
    const offsets = [
      ...Array.from({ length: Math.ceil(max / (innerHeight / 2)) }, (_, i) => (i * innerHeight) / 2),
      Math.max(max, 0),
    ];
    for (const y of offsets) {
      scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(r));
      const b = bubble.getBoundingClientRect();
      for (const el of document.querySelectorAll('input, button, select, textarea')) {
        if (bubble.contains(el) || getComputedStyle(el).visibility === 'hidden') continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
          covered.add(
            `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}" at scroll ${Math.round(y)}`,
          );
      }
    }
    scrollTo(0, 0);
    return [...covered];
  });
}

/** The axe violations of impact serious or critical on the page, one line each with the offending nodes. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are measured at rest: a toast or dialog mid fade-in is paler than the user reads it.
  // Looping or paused animations are not waited for beyond 2 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join('; ')}`,
    );
}
