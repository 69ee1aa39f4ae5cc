import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { OptionSelect } from '@/components/ui/select';
import { THEME_LABELS, THEMES, useTheme } from '@/lib/theme';
import { CardHeading } from './card-heading';

const LABELS = { ...THEME_LABELS, system: 'System (follow this device)' };

/** Light, dark or the system's setting, kept in this browser (docs/product/profile.md#appearance). */
export function AppearanceCard() {
  const [theme, setTheme] = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardHeading>Appearance</CardHeading>
        <CardDescription>Kept in this browser; other devices keep their own.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <label htmlFor="pref-theme" className="text-sm font-medium text-foreground">
            Theme
          </label>
          <div className="sm:w-60">
            <OptionSelect
              id="pref-theme"
              value={theme}
              options={THEMES}
              labels={LABELS}
              onValueChange={setTheme}
            />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
