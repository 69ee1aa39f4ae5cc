import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { OptionSelect } from '@/components/ui/select';
import { THEMES, useTheme } from '@/lib/theme';
import { CardHeading } from './card-heading';

/** Light, dark or the system's setting, kept in this browser (docs/product/profile.md#appearance). */
export function AppearanceCard() {
  const { t } = useTranslation('profile');
  const [theme, setTheme] = useTheme();
  const labels = {
    light: t('common:theme.light'),
    dark: t('common:theme.dark'),
    system: t('appearance.system'),
  };
  return (
    <Card>
      <CardHeader>
        <CardHeading>{t('appearance.title')}</CardHeading>
        <CardDescription>{t('appearance.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <label htmlFor="pref-theme" className="text-sm font-medium text-foreground">
            {t('appearance.theme')}
          </label>
          <div className="sm:w-60">
            <OptionSelect
              id="pref-theme"
              value={theme}
              options={THEMES}
              labels={labels}
              onValueChange={setTheme}
            />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
