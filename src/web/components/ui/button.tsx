import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '#web/lib/cn';

export type ButtonVariant = 'primary' | 'gold' | 'outline' | 'ghost' | 'destructive' | 'link' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-semibold transition-colors select-none ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-navy-900 text-white hover:bg-navy-800',
  gold: 'bg-gold-400 text-navy-950 hover:bg-gold-300',
  outline: 'border-2 border-navy-900 bg-white text-navy-900 hover:bg-navy-50',
  ghost: 'text-navy-900 hover:bg-navy-50',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  link: 'text-navy-700 underline underline-offset-4 hover:text-navy-900',
  inverse: 'border-2 border-white/80 text-white hover:bg-white/10',
};

// 44 px minimum on phones (touch targets); the small size only shrinks from the sm breakpoint.
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-3 text-sm sm:min-h-9',
  md: 'min-h-11 px-4 text-sm sm:text-base',
  lg: 'min-h-12 px-6 text-base sm:text-lg',
  icon: 'h-11 w-11',
};

export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(base, variants[variant], variant === 'link' ? 'min-h-11 px-1' : sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...rest} />;
}

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
}

/** A router link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant, size, className, ...rest }: ButtonLinkProps) {
  return (
    <Link
      className={buttonClasses({ variant, size, className: typeof className === 'string' ? className : undefined })}
      {...rest}
    />
  );
}
