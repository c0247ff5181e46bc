import { describe, expect, it } from 'vitest';
import { toastTopAvoiding } from './Overlays';

const screen = { top: 0, bottom: 844 };
const atTop = { top: 10, bottom: 54 };

describe('where a toast goes', () => {
  it('stays at the top when nothing is being filled, or the field is lower down', () => {
    expect(toastTopAvoiding(atTop, null, screen)).toBeNull();
    expect(toastTopAvoiding(atTop, { top: 370, bottom: 418 }, screen)).toBeNull();
  });

  it('moves to the bottom of what is visible (above the keyboard) when the field is at the top', () => {
    const keyboardOpen = { top: 0, bottom: 500 };
    const top = toastTopAvoiding(atTop, { top: 30, bottom: 78 }, keyboardOpen)!;
    expect(top).toBe(500 - 44 - 12);
  });

  it('sits next to a field that fills the visible height', () => {
    const field = { top: 0, bottom: 800 };
    expect(toastTopAvoiding(atTop, field, screen)).toBe(812);
  });
});
