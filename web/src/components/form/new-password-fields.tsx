import { useTranslation } from 'react-i18next';
import { TextField } from './field';

/**
 * A new password and its confirmation (`confirmPassword`): registering, resetting, changing a
 * temporary password and the profile's password change all ask for it this way.
 */
export function NewPasswordFields({
  name,
  label,
  confirmLabel,
}: {
  name: 'password' | 'newPassword';
  label?: string;
  confirmLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {/* The hint says the product's password rule (docs/product/accounts.md) where a new password is chosen. */}
      <TextField
        name={name}
        label={label ?? t('password.new')}
        type="password"
        autoComplete="new-password"
        hint={t('password.rule')}
      />
      <TextField
        name="confirmPassword"
        label={confirmLabel ?? t('password.confirmNew')}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
