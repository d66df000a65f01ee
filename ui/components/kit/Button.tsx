import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'default' | 'primary' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
  /** A square button holding only an icon: give it an aria-label. */
  icon?: boolean;
  children?: ReactNode;
}

/** The kit's button: one look for every page (variants primary, danger, ghost). */
export function Button({
  variant = 'default',
  size = 'normal',
  icon = false,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['kit-button'];
  if (variant !== 'default') classes.push(`kit-button--${variant}`);
  if (size === 'small') classes.push('kit-button--small');
  if (icon) classes.push('kit-button--icon');
  if (className !== undefined) classes.push(className);
  return <button type={type} className={classes.join(' ')} {...rest} />;
}
