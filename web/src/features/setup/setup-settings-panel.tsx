import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useDismissSetup, useSetup } from './api';

/** In System Settings: bring the setup checklist back to the dashboard after it was put away. */
export function SetupSettingsPanel() {
  const { t } = useTranslation('setup');
  const setup = useSetup(true);
  const dismiss = useDismissSetup();
  const navigate = useNavigate();
  if (!setup.data) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.title')}</CardTitle>
        <CardDescription>
          {setup.data.dismissed ? t('settings.dismissed') : t('settings.shown')}
        </CardDescription>
      </CardHeader>
      {setup.data.dismissed && (
        <CardContent>
          <Button
            variant="outline"
            disabled={dismiss.isPending}
            onClick={() =>
              dismiss.mutate(
                { body: { dismissed: false } },
                {
                  onSuccess: () => navigate('/'),
                  onError: (error) =>
                    toast({ variant: 'destructive', title: t('failed'), description: error.message }),
                },
              )
            }
          >
            {t('settings.reopen')}
          </Button>
        </CardContent>
      )}
    </Card>
  );
}
