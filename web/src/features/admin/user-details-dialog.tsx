import { type AdminUser, adminApi } from '@contract/admin';
import { Download, UserX } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogFrame } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { apiUrl } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { formatDateTime, formatRelative } from '@/lib/format';
import { AccountActions } from './account-actions';
import { useAnonymiseUser } from './api';
import { RoleBadge, StatusBadge } from './role-badge';

/** What the admin types to confirm an anonymisation, which cannot be undone. */
export const ANONYMISE_WORD = 'ANONYMISE';

/**
 * docs/product/admin.md#user-details: name, email, role, active or suspended status and last active
 * time; and the person's data (docs/product/admin.md#data-of-a-person): export it, or anonymise a
 * departed person after typing ANONYMISE.
 */
export function UserDetailsDialog({
  user,
  onClose,
  onChanged,
}: {
  user: AdminUser | null;
  onClose: () => void;
  /** the account after a change made here (its role, its verification) */
  onChanged: (user: AdminUser) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <DialogFrame
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      className="max-h-[90dvh] overflow-y-auto"
      title={user ? `${user.firstName} ${user.lastName}` : t('details.user')}
      description={t('details.description')}
    >
      {user && (
        <>
          <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-4 gap-y-3 text-sm">
            <dt className="text-muted-foreground">{t('details.name')}</dt>
            <dd className="font-medium text-foreground [overflow-wrap:anywhere]">
              {user.firstName} {user.lastName}
            </dd>
            <dt className="text-muted-foreground">{t('details.email')}</dt>
            <dd className="break-all text-foreground">{user.email}</dd>
            <dt className="text-muted-foreground">{t('details.role')}</dt>
            <dd>
              <RoleBadge role={user.role} />
            </dd>
            <dt className="text-muted-foreground">{t('details.status')}</dt>
            <dd className="flex flex-col gap-1">
              <StatusBadge user={user} />
              {!user.isActive && user.suspendedReason && (
                <span className="text-xs text-muted-foreground">
                  {t('details.reason', { reason: user.suspendedReason })}
                </span>
              )}
            </dd>
            <dt className="text-muted-foreground">{t('details.lastActive')}</dt>
            <dd className="text-foreground" title={formatDateTime(user.lastActive, t('details.never'))}>
              {formatRelative(user.lastActive, Date.now(), t('details.never'))}
            </dd>
            <dt className="text-muted-foreground">{t('details.memberSince')}</dt>
            <dd className="text-foreground">{formatDateTime(user.createdAt)}</dd>
          </dl>
          <AccountActions key={`${user.id}-${user.role}`} user={user} onChanged={onChanged} />
          <PersonalData key={user.id} user={user} onAnonymised={onClose} />
        </>
      )}
    </DialogFrame>
  );
}

function PersonalData({ user, onAnonymised }: { user: AdminUser; onAnonymised: () => void }) {
  const { t } = useTranslation('admin');
  const me = useCurrentUser().user;
  const anonymise = useAnonymiseUser();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const hintId = useId();
  const canAnonymise = !user.anonymisedAt && me?.id !== user.id;

  const run = () =>
    anonymise.mutate(
      { params: { id: user.id } },
      {
        onSuccess: () => {
          toast({
            title: t('personalData.done'),
            description: t('personalData.doneDescription'),
          });
          onAnonymised();
        },
        onError: (err) =>
          toast({ variant: 'destructive', title: t('personalData.failed'), description: err.message }),
      },
    );

  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      className="flex flex-col gap-3 border-t border-border pt-4"
    >
      <h3 id={`${inputId}-heading`} className="text-sm font-semibold text-foreground">
        {t('personalData.heading')}
      </h3>
      {user.anonymisedAt && (
        <p className="text-sm text-muted-foreground">
          {t('personalData.anonymisedAt', { date: formatDateTime(user.anonymisedAt) })}
        </p>
      )}
      {!confirming && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href={apiUrl(adminApi.exportUser, { params: { id: user.id } })} download>
              <Download aria-hidden /> {t('personalData.export')}
            </a>
          </Button>
          {canAnonymise && (
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:bg-destructive/10"
              onClick={() => setConfirming(true)}
            >
              <UserX aria-hidden /> {t('personalData.anonymise')}
            </Button>
          )}
        </div>
      )}
      {confirming && (
        <div className="flex flex-col gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3">
          <p id={hintId} className="text-sm text-foreground">
            {t('personalData.warning')}
          </p>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={inputId}>{t('personalData.typeToConfirm', { word: ANONYMISE_WORD })}</Label>
            <Input
              id={inputId}
              aria-describedby={hintId}
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setConfirming(false);
                setTyped('');
              }}
            >
              {t('common:actions.cancel')}
            </Button>
            <Button
              variant="destructive"
              size="sm"
              disabled={typed.trim() !== ANONYMISE_WORD || anonymise.isPending}
              onClick={run}
            >
              {anonymise.isPending ? t('personalData.anonymising') : t('personalData.confirm')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
