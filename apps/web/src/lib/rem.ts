import { DESIGN_WIDTH, MAX_LAYOUT_WIDTH } from '@lobby/contract';

/**
 * Root font size for the rem layout.
 *
 * Designs are drawn 750 px wide. With the root font at `min(width, 430) / 750 * 100` px, one rem is
 * 100 design pixels, so CSS reads as the design divided by 100: a 28 px label is `0.28rem`, a 690 px
 * card is `6.9rem`. Above 430 px the layout stops growing and sits centred, as on a phone.
 */
export const REM_SCALE = 100;

export function rootFontSize(viewportWidth: number): number {
  const width = Math.min(Math.max(viewportWidth, 0), MAX_LAYOUT_WIDTH);
  return (width / DESIGN_WIDTH) * REM_SCALE;
}

export function applyRootFontSize(doc: Document = document): void {
  const width = doc.documentElement.clientWidth || window.innerWidth;
  doc.documentElement.style.fontSize = `${rootFontSize(width)}px`;
}

export function installRemLayout(): () => void {
  applyRootFontSize();
  const onResize = () => applyRootFontSize();
  window.addEventListener('resize', onResize);
  window.addEventListener('orientationchange', onResize);
  return () => {
    window.removeEventListener('resize', onResize);
    window.removeEventListener('orientationchange', onResize);
  };
}
