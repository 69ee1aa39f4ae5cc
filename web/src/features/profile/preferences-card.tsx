import type { NotificationChannel } from '@contract/notifications';
import { type EmailDelivery, emailDeliveries } from '@contract/profile';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { OptionSelect } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useEmailDelivery, usePreferences, useSaveEmailDelivery, useSavePreferences } from './api';
import { CardHeading } from './card-heading';

const CHANNELS = ['both', 'app', 'email', 'off'] as const satisfies readonly NotificationChannel[];

/** One e-mail per event, or one a day with all of them (docs/product/notifications.md#digest). */
function EmailDeliveryRow() {
  const { t } = useTranslation('profile');
  const delivery = useEmailDelivery();
  const labels = Object.fromEntries(
    emailDeliveries.map((d) => [d, t(`notifications.delivery.${d}`)]),
  ) as Record<EmailDelivery['delivery'], string>;
  const save = useSaveEmailDelivery();
  if (!delivery.data) return <Skeleton className="h-10" />;
  return (
    <div className="flex flex-col gap-2 border-b border-border pb-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <label htmlFor="pref-email-delivery" className="text-sm font-medium text-foreground">
          {t('notifications.deliveryLabel')}
        </label>
        <p id="pref-email-delivery-hint" className="text-xs text-muted-foreground">
          {t('notifications.deliveryHint')}
        </p>
      </div>
      <div className="sm:w-60">
        <OptionSelect
          id="pref-email-delivery"
          value={delivery.data.delivery}
          options={emailDeliveries}
          labels={labels}
          onValueChange={(value) =>
            save.mutate(
              { body: { delivery: value } },
              {
                onSuccess: () =>
                  toast({
                    title: t('notifications.saved'),
                    description: t('notifications.savedDelivery', { choice: labels[value] }),
                  }),
              },
            )
          }
        />
      </div>
    </div>
  );
}

export function PreferencesCard() {
  const { t } = useTranslation('profile');
  const preferences = usePreferences();
  const channelLabels = Object.fromEntries(
    CHANNELS.map((c) => [c, t(`notifications.channel.${c}`)]),
  ) as Record<NotificationChannel, string>;
  const save = useSavePreferences();
  return (
    <Card>
      <CardHeader>
        <CardHeading>{t('notifications.title')}</CardHeading>
        <CardDescription>{t('notifications.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isPending ? (
          <Skeleton className="h-40" />
        ) : preferences.isError ? (
          <p role="alert" className="text-sm text-danger-foreground">
            {preferences.error.message}
          </p>
        ) : (
          <>
            <EmailDeliveryRow />
            <ul className="divide-y divide-border">
              {preferences.data.map((p) => (
                <li
                  key={p.kind}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <label htmlFor={`pref-${p.kind}`} className="text-sm text-foreground">
                    {p.label}
                  </label>
                  <div className="sm:w-60">
                    <OptionSelect
                      id={`pref-${p.kind}`}
                      value={p.channel}
                      options={CHANNELS}
                      labels={channelLabels}
                      onValueChange={(channel) =>
                        save.mutate(
                          { body: { preferences: [{ kind: p.kind, channel }] } },
                          {
                            onSuccess: () =>
                              toast({
                                title: t('notifications.saved'),
                                description: t('notifications.savedChannel', {
                                  kind: p.label,
                                  choice: t(`notifications.channelInSentence.${channel}`),
                                }),
                              }),
                          },
                        )
                      }
                    />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
