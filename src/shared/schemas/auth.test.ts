import { describe, expect, it } from 'vitest';
import { NEW_PASSWORD_TOO_SHORT, PASSWORDS_DIFFER } from '../auth-rules';
import { changePasswordBody, changePasswordForm } from './auth';

describe('changePasswordForm', () => {
  it('gives the body the server parses once the new password is typed twice alike', () => {
    const body = changePasswordForm.parse({
      currentPassword: 'old-password',
      newPassword: 'a-new-password',
      confirmPassword: 'a-new-password',
    });
    expect(changePasswordBody.parse(body)).toEqual({ currentPassword: 'old-password', newPassword: 'a-new-password' });
  });
  it('puts each refusal on its field', () => {
    const paths = (v: object) =>
      changePasswordForm.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(paths({ currentPassword: 'old-password', newPassword: 'short', confirmPassword: 'short' })).toEqual([
      ['newPassword', NEW_PASSWORD_TOO_SHORT],
    ]);
    expect(
      paths({ currentPassword: 'old-password', newPassword: 'a-new-password', confirmPassword: 'another-one' }),
    ).toEqual([['confirmPassword', PASSWORDS_DIFFER]]);
    expect(paths({ currentPassword: '', newPassword: 'a-new-password', confirmPassword: 'a-new-password' })).toEqual([
      ['currentPassword', 'Please fill in all password fields'],
    ]);
  });
});
