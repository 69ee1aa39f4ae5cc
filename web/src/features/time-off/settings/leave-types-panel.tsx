import type { LeaveType } from '@contract/time-off';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useDeleteType, useLeaveTypes, useUpdateType } from '../api';
import { Swatch } from '../status-badge';
import { LeaveTypeDialog } from './leave-type-dialog';

const rules = (t: LeaveType) =>
  [
    t.paid ? 'paid' : 'unpaid',
    t.allowance && 'allowance',
    t.approval ? 'approval' : 'no approval',
    t.halfDays && 'half days',
    t.hours && 'hours',
    t.privateReason && 'private',
    t.compensation && 'compensation',
    t.allowNegative && 'may go negative',
  ]
    .filter(Boolean)
    .join(' · ');

const failed = (error: Error) =>
  toast({ variant: 'destructive', title: 'That did not work', description: error.message });

/** The leave types, archived ones last; a type in use can only be archived (docs/product/time-off.md#types). */
export function LeaveTypesPanel() {
  const types = useLeaveTypes(true);
  const update = useUpdateType();
  const remove = useDeleteType();
  const [editing, setEditing] = useState<LeaveType | null>(null);
  const [adding, setAdding] = useState(false);
  const list = [...(types.data ?? [])].sort((a, b) => Number(a.archived) - Number(b.archived));
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Leave types</CardTitle>
          <CardDescription>What people can ask for. Archived types are no longer offered.</CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden /> New leave type
        </Button>
      </CardHeader>
      <CardContent>
        {types.isLoading ? (
          <Skeleton className="h-32" />
        ) : (
          <ul className="flex flex-col divide-y" aria-label="Leave types">
            {list.map((t) => (
              <li
                key={t.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="leave-type"
              >
                <div className="grid min-w-0 gap-0.5">
                  <p className="flex items-center gap-2 font-medium">
                    <Swatch color={t.color} /> {t.name}
                    {t.archived && <Badge variant="gray">Archived</Badge>}
                  </p>
                  <p className="text-xs text-muted-foreground">{rules(t)}</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Edit ${t.name}`}
                    onClick={() => setEditing(t)}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`${t.archived ? 'Restore' : 'Archive'} ${t.name}`}
                    onClick={() =>
                      update.mutate(
                        { params: { id: t.id }, body: { archived: !t.archived } },
                        {
                          onSuccess: () =>
                            toast({
                              title: t.archived ? 'Type restored' : 'Type archived',
                              description: t.name,
                            }),
                          onError: failed,
                        },
                      )
                    }
                  >
                    {t.archived ? 'Restore' : 'Archive'}
                  </Button>
                  {!t.inUse && (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Delete ${t.name}`}
                      onClick={() =>
                        remove.mutate(
                          { params: { id: t.id } },
                          {
                            onSuccess: () => toast({ title: 'Type deleted', description: t.name }),
                            onError: failed,
                          },
                        )
                      }
                    >
                      Delete
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <LeaveTypeDialog
        open={adding || editing !== null}
        type={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
    </Card>
  );
}
