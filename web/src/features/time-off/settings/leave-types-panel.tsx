import type { LeaveType } from '@contract/time-off';
import { Plus } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useDeleteType, useLeaveTypes, useUpdateType } from '../api';
import { Swatch } from '../status-badge';
import { LeaveTypeDialog } from './leave-type-dialog';

/** 'paid · allowance · approval · half days': a type's rules in short. */
const rules = (type: LeaveType, t: TFunction) =>
  [
    type.paid ? 'paid' : 'unpaid',
    type.allowance && 'allowance',
    type.approval ? 'approval' : 'noApproval',
    type.halfDays && 'halfDays',
    type.hours && 'hours',
    type.privateReason && 'private',
    type.compensation && 'compensation',
    type.allowNegative && 'negative',
  ]
    .filter(Boolean)
    .map((rule) => t(`time-off:settings.types.rule.${rule}`))
    .join(' · ');

/** The leave types, archived ones last; a type in use can only be archived (docs/product/time-off.md#types). */
export function LeaveTypesPanel() {
  const { t } = useTranslation('time-off');
  const failed = (error: Error) =>
    toast({ variant: 'destructive', title: t('settings.failed'), description: error.message });
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
          <CardTitle>{t('settings.types.title')}</CardTitle>
          <CardDescription>{t('settings.types.description')}</CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden /> {t('settings.types.new')}
        </Button>
      </CardHeader>
      <CardContent>
        {types.isLoading ? (
          <Skeleton className="h-32" />
        ) : (
          <ul className="flex flex-col divide-y" aria-label={t('settings.types.title')}>
            {list.map((type) => (
              <li
                key={type.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="leave-type"
              >
                <div className="grid min-w-0 gap-0.5">
                  <p className="flex items-center gap-2 font-medium">
                    <Swatch color={type.color} /> {type.name}
                    {type.archived && <Badge variant="gray">{t('settings.types.archived')}</Badge>}
                  </p>
                  <p className="text-xs text-muted-foreground">{rules(type, t)}</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('settings.types.editLabel', { name: type.name })}
                    onClick={() => setEditing(type)}
                  >
                    {t('common:actions.edit')}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={
                      type.archived
                        ? t('settings.types.restoreLabel', { name: type.name })
                        : t('settings.types.archiveLabel', { name: type.name })
                    }
                    onClick={() =>
                      update.mutate(
                        { params: { id: type.id }, body: { archived: !type.archived } },
                        {
                          onSuccess: () =>
                            toast({
                              title: type.archived
                                ? t('settings.types.restoredToast')
                                : t('settings.types.archivedToast'),
                              description: type.name,
                            }),
                          onError: failed,
                        },
                      )
                    }
                  >
                    {type.archived ? t('settings.types.restore') : t('settings.types.archive')}
                  </Button>
                  {!type.inUse && (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={t('settings.types.deleteLabel', { name: type.name })}
                      onClick={() =>
                        remove.mutate(
                          { params: { id: type.id } },
                          {
                            onSuccess: () =>
                              toast({ title: t('settings.types.deletedToast'), description: type.name }),
                            onError: failed,
                          },
                        )
                      }
                    >
                      {t('common:actions.delete')}
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
