import type { HTMLAttributes } from 'react';
import { cn } from '#web/lib/cn';

type DivProps = HTMLAttributes<HTMLDivElement>;

const tones = {
  default: 'border-slate-200 bg-white',
  gold: 'border-gold-300 bg-gold-50',
  members: 'border-2 border-gold-400 bg-white',
};

/** `className` adds layout (margins, widths); colours come from `tone` so classes never conflict. */
export function Card({ className, tone = 'default', ...rest }: DivProps & { tone?: keyof typeof tones }) {
  return <div className={cn('rounded-xl border text-slate-900 shadow-sm', tones[tone], className)} {...rest} />;
}

export function CardHeader({ className, ...rest }: DivProps) {
  return <div className={cn('flex flex-col gap-1.5 p-5 sm:p-6', className)} {...rest} />;
}

const titleSizes = { md: 'text-lg', lg: 'text-lg sm:text-xl', xl: 'text-2xl sm:text-3xl' };

export function CardTitle({
  className,
  as: Tag = 'h2',
  size = 'lg',
  ...rest
}: HTMLAttributes<HTMLHeadingElement> & { as?: 'h1' | 'h2' | 'h3' | 'h4'; size?: keyof typeof titleSizes }) {
  return <Tag className={cn('font-bold leading-tight text-navy-900', titleSizes[size], className)} {...rest} />;
}

export function CardDescription({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-sm text-slate-600', className)} {...rest} />;
}

export function CardContent({ className, ...rest }: DivProps) {
  return <div className={cn('px-5 pb-5 sm:px-6 sm:pb-6', className)} {...rest} />;
}

export function CardFooter({ className, ...rest }: DivProps) {
  return <div className={cn('flex flex-wrap items-center gap-3 px-5 pb-5 sm:px-6 sm:pb-6', className)} {...rest} />;
}
