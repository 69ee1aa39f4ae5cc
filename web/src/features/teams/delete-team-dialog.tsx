import type { Team } from '@contract/teams';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useDeleteTeam } from './api';

export function DeleteTeamDialog({ team, onClose }: { team: Team | null; onClose: () => void }) {
  const remove = useDeleteTeam();
  return (
    <Dialog open={team !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {team?.name}?</DialogTitle>
          <DialogDescription>
            The team goes; its people, their time and their timesheets stay. Its managers no longer review its
            members' weeks.
          </DialogDescription>
        </DialogHeader>
        <DialogActions
          onCancel={onClose}
          label="Delete Team"
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
      </DialogContent>
    </Dialog>
  );
}
