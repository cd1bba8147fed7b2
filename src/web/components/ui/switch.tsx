import { Root, Thumb } from '@radix-ui/react-switch';
import { cn } from '#web/lib/cn';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}

/** An on/off control on Radix (role switch, Space and Enter toggle it). */
export function Switch({ checked, onCheckedChange, disabled, id, ...aria }: SwitchProps) {
  return (
    <Root
      id={id}
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      className={cn(
        'relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border-2 transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'border-navy-900 bg-navy-900' : 'border-slate-500 bg-slate-200',
      )}
      {...aria}
    >
      <Thumb
        aria-hidden="true"
        className={cn(
          'inline-block h-6 w-6 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-6 bg-gold-400' : 'translate-x-0.5',
        )}
      />
    </Root>
  );
}
