import { Clock, FolderKanban, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const LINKS = [
  { to: '/tracker', name: 'trackTime', icon: Clock },
  { to: '/projects', name: 'projects', icon: FolderKanban },
  { to: '/chat', name: 'teamChat', icon: MessageSquare },
] as const;

/** Quick Actions; `newTask` is the page's New Task button (the tasks feature's create dialog). */
export function QuickActions({ newTask }: { newTask: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('quickActions.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-2">
        {newTask}
        {LINKS.map(({ to, name, icon: Icon }) => (
          <Button key={to} variant="outline" className="h-auto flex-col gap-1.5 py-3" asChild>
            <Link to={to}>
              <Icon aria-hidden />
              {t(`quickActions.${name}`)}
            </Link>
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}

/** The look of a quick action, for the page to put on its own New Task trigger. */
export const quickActionClass = 'h-auto flex-col gap-1.5 py-3';
