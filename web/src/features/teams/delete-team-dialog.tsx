import type { Team } from '@contract/teams';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useDeleteTeam } from './api';

export function DeleteTeamDialog({ team, onClose }: { team: Team | null; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const remove = useDeleteTeam();
  return (
    <ConfirmDialog
      open={team !== null}
      onClose={onClose}
      title={t('delete.title', { name: team?.name ?? '' })}
      description={t('delete.description')}
      confirmLabel={t('delete.confirm')}
      pendingLabel={t('delete.pending')}
      pending={remove.isPending}
      destructive
      onConfirm={() =>
        team &&
        remove.mutate(
          { params: { id: team.id } },
          {
            onSuccess: () => {
              toast({ title: t('delete.done'), description: team.name });
              onClose();
            },
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: t('delete.failed'),
                description: error.message,
              }),
          },
        )
      }
    />
  );
}
