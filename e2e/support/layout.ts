import type { Page } from 'playwright-core';

/** Something the player sees sticking out of the screen, or out of the box that clips it. */
export interface Overflow {
  /** A short CSS-like path of the element, e.g. `div.field > input#field-r3`. */
  element: string;
  /** Its text, cut short, so a report says which label or value it is. */
  text: string;
  left: number;
  right: number;
  /** What it must fit in: `viewport`, or the path of the clipping box. */
  within: string;
  boundLeft: number;
  boundRight: number;
}

export interface LayoutReport {
  /** document.scrollingElement.scrollWidth: above the viewport width the whole page scrolls sideways. */
  scrollWidth: number;
  clientWidth: number;
  dir: string;
  overflows: Overflow[];
}

/**
 * Waits until no page is sliding in or out: a page mid-transition stands partly off screen by design,
 * which is not an overflow, and a measure taken then would say so.
 */
export async function pagesAtRest(page: Page): Promise<void> {
  await page.waitForFunction(
    // Only Ionic's page transitions count: what moves inside a screen (a banner carousel, a shimmer)
    // stays within it and may never stop.
    (moving) =>
      document.getAnimations().every((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return animation.playState !== 'running' || !target || !target.matches(moving);
      }),
    '.ion-page, ion-content, ion-header, ion-footer, ion-toolbar, ion-title, ion-buttons, ion-back-button, .transition-effect, .transition-cover, .transition-shadow',
    { timeout: 10_000 },
  );
}

/**
 * Every element and text the player can see must lie inside the phone's width, or inside the box that
 * clips it (a scrolling page body, a card with overflow hidden): what sticks out of that is cut off or
 * pushes the page sideways. Boxes meant to scroll sideways (the category bar, tab strips) are named
 * by `horizontalScrollers`; what they hold may run past their edges, they themselves must fit.
 *
 * Walks the composed tree, so an element slotted into a shadow root (everything inside ion-content)
 * is checked against the shadow root's scrolling box.
 */
export async function measureLayout(page: Page, horizontalScrollers: string[]): Promise<LayoutReport> {
  await pagesAtRest(page);
  return page.evaluate((scrollers) => {
    const TOLERANCE = 1;
    const viewportWidth = document.documentElement.clientWidth;
    const root = document.scrollingElement ?? document.documentElement;

    const composedParent = (node: Node): Element | null => {
      if (node instanceof Element && node.assignedSlot) return node.assignedSlot;
      if (node.parentElement) return node.parentElement;
      const parent = node.parentNode;
      return parent instanceof ShadowRoot ? parent.host : null;
    };

    const describe = (el: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = el; node && parts.length < 4 && node !== document.body; node = composedParent(node)) {
        const testId = node.getAttribute('data-testid');
        const classes = [...node.classList].slice(0, 2).join('.');
        parts.unshift(testId ? `${node.localName}[data-testid=${testId}]` : `${node.localName}${classes ? `.${classes}` : ''}`);
        if (testId) break;
      }
      return parts.join(' > ');
    };

    const isScroller = (el: Element) => scrollers.some((selector) => el.matches(selector));
    const styles = new Map<Element, CSSStyleDeclaration>();
    const styleOf = (el: Element) => {
      let style = styles.get(el);
      if (!style) {
        style = getComputedStyle(el);
        styles.set(el, style);
      }
      return style;
    };
    const clips = (el: Element) => styleOf(el).overflowX !== 'visible';
    const isViewport = (el: Element) => el === document.documentElement || el === document.body;
    const ancestorClippers = new Map<Element, Element | null>();

    /** The nearest box at or above this one that cuts off what it holds; null for the viewport. */
    const clipperFrom = (el: Element | null): Element | null => {
      if (!el || isViewport(el)) return null;
      if (ancestorClippers.has(el)) return ancestorClippers.get(el)!;
      const result = clips(el) ? el : styleOf(el).position === 'fixed' ? null : clipperFrom(composedParent(el));
      ancestorClippers.set(el, result);
      return result;
    };

    /** What cuts this element off sideways: its nearest clipping ancestor. A fixed element escapes them all. */
    const clipperOf = (el: Element): Element | null => (styleOf(el).position === 'fixed' ? null : clipperFrom(composedParent(el)));

    const visible = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true, checkOpacity: true, checkVisibilityCSS: true } as CheckVisibilityOptions);

    /** Every element of the document and of the open shadow roots in it. */
    const elements: Element[] = [];
    const collect = (scope: Document | ShadowRoot) => {
      for (const el of scope.querySelectorAll('*')) {
        elements.push(el);
        if (el.shadowRoot) collect(el.shadowRoot);
      }
    };
    collect(document);

    const overflows: Overflow[] = [];
    const report = (el: Element, what: string, text: string, box: DOMRect, clipper: Element | null) => {
      const bound = clipper ? clipper.getBoundingClientRect() : { left: 0, right: viewportWidth };
      if (clipper) {
        // Inside a sideways scroller running past its edges is the point of it; an ellipsis box cuts on
        // purpose; a 1 px clipping box is a label for screen readers only.
        if (isScroller(clipper) || styleOf(clipper).textOverflow === 'ellipsis' || bound.right - bound.left <= 1) return;
      }
      // What shows through a clipping box is its box less the borders.
      const style = clipper ? styleOf(clipper) : undefined;
      const boundLeft = bound.left + (style ? parseFloat(style.borderLeftWidth) : 0);
      const boundRight = bound.right - (style ? parseFloat(style.borderRightWidth) : 0);
      if (box.left >= boundLeft - TOLERANCE && box.right <= boundRight + TOLERANCE) return;
      overflows.push({
        element: describe(el) + what,
        text: text.trim().slice(0, 40),
        left: Math.round(box.left),
        right: Math.round(box.right),
        within: clipper ? describe(clipper) : 'viewport',
        boundLeft: Math.round(boundLeft),
        boundRight: Math.round(boundRight),
      });
    };

    const range = document.createRange();
    for (const el of elements) {
      if (el.closest('#launch') || el.localName === 'style' || el.localName === 'script') continue;
      if (!visible(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      report(el, '', el.textContent ?? '', box, clipperOf(el));
      // Text too long to wrap runs out of its element's box, and may run off the screen with it.
      const textClipper = clips(el) ? el : clipperOf(el);
      for (const child of el.childNodes) {
        if (child.nodeType !== Node.TEXT_NODE || !child.textContent?.trim()) continue;
        range.selectNodeContents(child);
        const textBox = range.getBoundingClientRect();
        if (textBox.width > 0) report(el, ' (text)', child.textContent, textBox, textClipper);
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, dir: document.documentElement.dir, overflows };
  }, horizontalScrollers);
}
