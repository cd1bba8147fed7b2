import { PASSWORD_HINT } from '#shared/auth-rules';
import { PasswordField } from './ui/input';

/** The password being chosen and its confirmation (register, reset, set after payment): one rule, one hint. */
export function NewPasswordFields(props: {
  label?: string;
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
}) {
  const { label = 'New Password', password, confirmation, onPassword, onConfirmation } = props;
  return (
    <>
      <PasswordField
        purpose="new"
        label={label}
        name="password"
        hint={PASSWORD_HINT}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <PasswordField
        purpose="new"
        label="Confirm Password"
        name="confirmPassword"
        value={confirmation}
        onChange={(e) => onConfirmation(e.target.value)}
      />
    </>
  );
}
