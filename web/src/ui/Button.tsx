import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from './cx';
import { waitingButton } from './waiting-button';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-hover disabled:bg-line-strong disabled:text-ink-muted',
  secondary: 'border border-line-strong bg-paper text-ink hover:bg-surface disabled:text-ink-subtle',
  ghost: 'text-ink-muted hover:bg-surface hover:text-ink disabled:text-ink-subtle',
  danger: 'bg-danger text-white hover:brightness-95 disabled:bg-line-strong disabled:text-ink-muted',
};

const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 px-4 text-[0.9375rem]',
  lg: 'min-h-12 px-6 text-base',
};

/** The shared button look, also used by links that act as buttons. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return cx(
    'inline-flex select-none items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap',
    'transition-colors duration-150 disabled:cursor-not-allowed aria-disabled:cursor-wait aria-disabled:opacity-70',
    variants[variant],
    sizes[size],
    extra,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Waiting for its own request: a spinner, clicks ignored, keyboard focus kept (see waitingButton). */
  loading?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled}
      aria-busy={loading || undefined}
      {...waitingButton(loading, onClick)}
      {...rest}
    >
      {loading && (
        <span
          className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent"
          aria-hidden="true"
        />
      )}
      {children}
    </button>
  );
}

export function ButtonLink({
  href,
  variant = 'primary',
  size = 'md',
  className,
  children,
}: {
  href: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link href={href} className={buttonClass(variant, size, className)}>
      {children}
    </Link>
  );
}

/** A square 44 px button holding only an icon; `label` is its Korean accessible name. */
export function IconButton({
  label,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cx(
        'inline-flex size-11 items-center justify-center rounded-lg text-ink-muted',
        'transition-colors duration-150',
        'hover:bg-surface hover:text-ink disabled:opacity-50',
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
}
