import type { NotificationChannel } from '@contract/notifications';
import { type EmailDelivery, emailDeliveries } from '@contract/profile';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { OptionSelect } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useEmailDelivery, usePreferences, useSaveEmailDelivery, useSavePreferences } from './api';
import { CardHeading } from './card-heading';

const CHANNELS = ['both', 'app', 'email', 'off'] as const satisfies readonly NotificationChannel[];
const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  both: 'In the app and by e-mail',
  app: 'In the app',
  email: 'By e-mail',
  off: 'Off',
};

const DELIVERY_LABELS: Record<EmailDelivery['delivery'], string> = {
  each: 'E-mail: each event',
  digest: 'E-mail: daily digest',
};

/** One e-mail per event, or one a day with all of them (docs/product/notifications.md#digest). */
function EmailDeliveryRow() {
  const delivery = useEmailDelivery();
  const save = useSaveEmailDelivery();
  if (!delivery.data) return <Skeleton className="h-10" />;
  return (
    <div className="flex flex-col gap-2 border-b border-border pb-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <label htmlFor="pref-email-delivery" className="text-sm font-medium text-foreground">
          How e-mails arrive
        </label>
        <p id="pref-email-delivery-hint" className="text-xs text-muted-foreground">
          A daily digest is one e-mail a day, sent after midnight, with the previous day's notifications.
        </p>
      </div>
      <div className="sm:w-60">
        <OptionSelect
          id="pref-email-delivery"
          value={delivery.data.delivery}
          options={emailDeliveries}
          labels={DELIVERY_LABELS}
          onValueChange={(value) =>
            save.mutate(
              { body: { delivery: value } },
              {
                onSuccess: () =>
                  toast({ title: 'Preference saved', description: `${DELIVERY_LABELS[value]}.` }),
              },
            )
          }
        />
      </div>
    </div>
  );
}

export function PreferencesCard() {
  const preferences = usePreferences();
  const save = useSavePreferences();
  return (
    <Card>
      <CardHeader>
        <CardHeading>Notifications</CardHeading>
        <CardDescription>Choose how you hear of each kind of event.</CardDescription>
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
                      labels={CHANNEL_LABELS}
                      onValueChange={(channel) =>
                        save.mutate(
                          { body: { preferences: [{ kind: p.kind, channel }] } },
                          {
                            onSuccess: () =>
                              toast({
                                title: 'Preference saved',
                                description: `${p.label}: ${CHANNEL_LABELS[channel].toLowerCase()}.`,
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
