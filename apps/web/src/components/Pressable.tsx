import type { ComponentPropsWithRef } from 'react';

/**
 * The design system's button for surfaces drawn by their own class (a balance chip, a game tile, a
 * bet area, a list row): a real button for keyboards and screen readers, `type="button"` unless
 * told otherwise so it never submits a form by accident, and no look of its own. Actions that look
 * like buttons use Button.
 */
export function Pressable({ type, ...rest }: ComponentPropsWithRef<'button'>) {
  return <button type={type ?? 'button'} {...rest} />;
}
