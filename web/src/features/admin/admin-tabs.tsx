import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export type AdminTab = { value: string; label: string; content: ReactNode };

/**
 * The dashboard's tabs as data: another feature's tab (System Alerts, System Settings) is one more
 * entry. The chosen tab is in the address (`?tab=settings`), so a link (the setup checklist's) opens it.
 */
export function AdminTabs({ tabs }: { tabs: AdminTab[] }) {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('tab');
  const value = tabs.some((tab) => tab.value === chosen) ? (chosen as string) : tabs[0]?.value;
  return (
    <Tabs
      value={value}
      onValueChange={(tab) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('tab', tab);
            next.delete('section');
            return next;
          },
          { replace: true },
        )
      }
      className="mt-8"
    >
      <TabsList>
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.value} value={tab.value} className="mt-4">
          {tab.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
