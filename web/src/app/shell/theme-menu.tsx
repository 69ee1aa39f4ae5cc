import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { THEMES, type Theme, useTheme } from '@/lib/theme';

const ICONS: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

/** The header's theme control: light, dark or follow the system (docs/product/client-behaviour.md#theme). */
export function ThemeMenu() {
  const { t } = useTranslation('shell');
  const [theme, setTheme] = useTheme();
  const Icon = ICONS[theme];
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="max-sm:ml-auto"
          aria-label={t('theme.current', { theme: t(`common:theme.${theme}`) })}
          data-testid="theme-menu"
        >
          <Icon aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-36 rounded-md border bg-popover p-1 text-popover-foreground shadow-lg data-[state=open]:animate-fade-in"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-muted-foreground">
            {t('theme.label')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
            {THEMES.map((option) => {
              const ItemIcon = ICONS[option];
              return (
                <DropdownMenu.RadioItem
                  key={option}
                  value={option}
                  className="relative flex cursor-pointer select-none items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground"
                >
                  <ItemIcon className="size-4 text-muted-foreground" aria-hidden />
                  {t(`common:theme.${option}`)}
                  <DropdownMenu.ItemIndicator className="absolute right-2 flex size-4 items-center justify-center">
                    <Check className="size-4 text-primary" aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
