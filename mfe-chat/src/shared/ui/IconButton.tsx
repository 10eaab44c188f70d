// Small building blocks of the chat screen (shared/ui/). The icon button is a plain <button> on
// @kasa/ui's static classes (static.css, `.kasa-icon-button`): the composer, the top bar and the
// sidebar render several on the first screen, and a styled component would serialize and insert
// CSS for each in that first commit (docs/architecture.md#runtime-styles).
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** The accessible name, also the tooltip unless `title` says more. */
  label: string;
  children: ReactNode;
  /** 'round': the input bar's larger corner radius (the theme's radius × 2). */
  shape?: 'square' | 'round';
}

/** A 44 × 44 px icon button (touch target) with an accessible name. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, children, shape = 'square', className, type = 'button', ...rest },
  ref,
) {
  const classes = ['kasa-icon-button'];
  if (shape === 'round') classes.push('kasa-icon-button-round');
  if (className) classes.push(className);
  return (
    <button ref={ref} type={type} aria-label={label} title={label} {...rest} className={classes.join(' ')}>
      {children}
    </button>
  );
});
