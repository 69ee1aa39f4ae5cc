import type { Team } from '@contract/teams';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useDeleteTeam } from './api';

export function DeleteTeamDialog({ team, onClose }: { team: Team | null; onClose: () => void }) {
  const remove = useDeleteTeam();
  return (
    <ConfirmDialog
      open={team !== null}
      onClose={onClose}
      title={<>Delete {team?.name}?</>}
      description="The team goes; its people, their time and their timesheets stay. Its managers no longer review its members' weeks."
      confirmLabel="Delete Team"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      destructive
      onConfirm={() =>
        team &&
        remove.mutate(
          { params: { id: team.id } },
          {
            onSuccess: () => {
              toast({ title: 'Team Deleted', description: team.name });
              onClose();
            },
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'Failed to delete team',
                description: error.message,
              }),
          },
        )
      }
    />
  );
}
