import { TextField } from './field';

/** The product's password rule (docs/product/accounts.md), said where a new password is chosen. */
const PASSWORD_HINT = 'At least 8 characters with uppercase, lowercase, and a number.';

/**
 * A new password and its confirmation (`confirmPassword`): registering, resetting, changing a
 * temporary password and the profile's password change all ask for it this way.
 */
export function NewPasswordFields({
  name,
  label = 'New password',
  confirmLabel = 'Confirm new password',
}: {
  name: 'password' | 'newPassword';
  label?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <TextField name={name} label={label} type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
      <TextField name="confirmPassword" label={confirmLabel} type="password" autoComplete="new-password" />
    </>
  );
}
