import { useId, type ReactNode } from 'react';
import { Switch } from './switch';

export interface SettingSwitchProps {
  /** The setting's name: the switch's accessible name. */
  label: string;
  /** What the setting does as it stands now: the switch's description. */
  description: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** One on/off setting in a bordered row: its name and what it does beside the switch that names itself by them. */
export function SettingSwitch({ label, description, checked, onCheckedChange, disabled }: SettingSwitchProps) {
  const labelId = useId();
  const descId = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-4">
      <div>
        <p id={labelId} className="font-semibold text-navy-900">
          {label}
        </p>
        <p id={descId} className="mt-1 text-sm text-slate-700">
          {description}
        </p>
      </div>
      <Switch
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={descId}
      />
    </div>
  );
}
