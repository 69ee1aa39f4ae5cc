import type { ReactNode } from 'react';
import type { AdminUser } from '@contract/admin';
import type { TFunction } from 'i18next';
import { Ban, KeyRound, RotateCcw, ShieldCheck, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { formatDate, formatDateTime } from '@/lib/format';

/**
 * What the Password column reveals: never a password, which no one can read, but that it cannot be
 * shown, or that it is a temporary one (docs/product/admin.md#credential-state).
 */
export function CredentialState({
  user,
  shown,
  className,
}: {
  user: AdminUser;
  shown: boolean;
  className?: string;
}) {
  const { t } = useTranslation('admin');
  if (!shown)
    return (
      <span className="font-mono tracking-widest text-muted-foreground">
        <span aria-hidden>••••••••</span>
        <span className="sr-only">{t('credentials.hidden')}</span>
      </span>
    );
  return user.mustChangePassword ? (
    <Badge variant="amber" className={className}>
      {/* kept together when the badge wraps: 'Temporary —' over 'must change' */}
      {t('credentials.temporary')}
    </Badge>
  ) : (
    <Badge variant="gray" className={className}>
      {t('credentials.notViewable')}
    </Badge>
  );
}

type T = TFunction<'admin'>;
export const usernameOf = (u: AdminUser, t: T) => u.username || t('credentials.noUsername');
export const companyOf = (u: AdminUser, t: T) => u.companyId || t('common:states.none');
export const lastLoginOf = (u: AdminUser, t: T) => formatDateTime(u.lastLoginAt, t('credentials.never'));
export const lastLoginShort = (u: AdminUser, t: T) => formatDate(u.lastLoginAt, t('credentials.never'));

export type CredentialActionHandlers = {
  onSuspend: (user: AdminUser) => void;
  onActivate: (user: AdminUser) => void;
  onReset: (user: AdminUser) => void;
  onResetTwoFactor: (user: AdminUser) => void;
  busy: boolean;
};

function IconAction({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          onClick={onClick}
          disabled={disabled}
          className="size-8"
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/** Admin rows are 'Protected'; others get suspend or activate and Reset password (icons in the table). */
export function CredentialActions({
  user,
  onSuspend,
  onActivate,
  onReset,
  onResetTwoFactor,
  busy,
  compact = false,
}: { user: AdminUser; compact?: boolean } & CredentialActionHandlers) {
  const { t } = useTranslation('admin');
  const name = `${user.firstName} ${user.lastName}`;
  // Any account's authenticator can be reset, an admin's too: a lost phone must not lock anyone out.
  const resetTwoFactor = user.twoFactorEnabled ? (
    compact ? (
      <IconAction label={t('credentials.resetTwoFactorOf', { name })} onClick={() => onResetTwoFactor(user)}>
        <Smartphone aria-hidden />
      </IconAction>
    ) : (
      <Button variant="outline" size="sm" onClick={() => onResetTwoFactor(user)}>
        <Smartphone aria-hidden /> {t('credentials.resetTwoFactor')}
        <span className="sr-only"> {t('credentials.ofName', { name })}</span>
      </Button>
    )
  ) : null;
  if (user.role === 'admin') {
    return (
      <span className="inline-flex flex-wrap items-center gap-2 text-xs font-medium text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <ShieldCheck className="size-4" aria-hidden /> {t('credentials.protected')}
        </span>
        {resetTwoFactor}
      </span>
    );
  }
  if (compact) {
    return (
      <div className="flex flex-wrap gap-1">
        {user.isActive ? (
          <IconAction label={t('credentials.suspendName', { name })} onClick={() => onSuspend(user)}>
            <Ban className="text-danger" aria-hidden />
          </IconAction>
        ) : (
          <IconAction
            label={t('credentials.activateName', { name })}
            onClick={() => onActivate(user)}
            disabled={busy}
          >
            <RotateCcw className="text-success" aria-hidden />
          </IconAction>
        )}
        <IconAction label={t('credentials.resetPasswordOf', { name })} onClick={() => onReset(user)}>
          <KeyRound aria-hidden />
        </IconAction>
        {resetTwoFactor}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {user.isActive ? (
        <Button
          variant="outline"
          size="sm"
          className="text-danger-foreground hover:bg-danger-soft"
          onClick={() => onSuspend(user)}
        >
          {t('users.suspend')}
          <span className="sr-only"> {name}</span>
        </Button>
      ) : (
        <Button variant="outline" size="sm" onClick={() => onActivate(user)} disabled={busy}>
          {t('users.activate')}
          <span className="sr-only"> {name}</span>
        </Button>
      )}
      {/* The visible words start each name, then whom it is for (heard as 'Suspend Nora Newcomer'). */}
      <Button variant="outline" size="sm" onClick={() => onReset(user)}>
        <KeyRound aria-hidden /> {t('credentials.resetPassword')}
        <span className="sr-only"> {t('credentials.ofName', { name })}</span>
      </Button>
      {resetTwoFactor}
    </div>
  );
}
