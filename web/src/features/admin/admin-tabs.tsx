import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export type AdminTab = { value: string; label: string; content: ReactNode };

/** The dashboard's tabs as data: another feature's tab (System Alerts, System Settings) is one more entry. */
export function AdminTabs({ tabs }: { tabs: AdminTab[] }) {
  return (
    <Tabs defaultValue={tabs[0]?.value} className="mt-8">
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
