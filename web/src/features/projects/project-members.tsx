import type { ProjectDetail, ProjectMember } from '@contract/projects';
import { UserMinus, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { toast } from '@/components/ui/use-toast';
import { useAddProjectMember, usePeople, useRemoveProjectMember } from './api';

/** Picks someone not yet on the project and adds them. */
function AddMember({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation('projects');
  const [open, setOpen] = useState(false);
  const [userId, setUserId] = useState<string | undefined>();
  const people = usePeople(open);
  const add = useAddProjectMember();
  const on = new Set(project.members.map((m) => m.userId));
  const options = (people.data ?? [])
    .filter((p) => !on.has(p.id))
    .map((p) => ({ value: p.id, label: p.name }));
  const close = () => {
    setOpen(false);
    setUserId(undefined);
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <UserPlus aria-hidden /> {t('members.add')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={close}
        testId="add-member-dialog"
        title={t('members.addTitle')}
        description={t('members.addDescription', { project: project.name })}
        confirmLabel={t('members.add')}
        pendingLabel={t('members.adding')}
        pending={add.isPending}
        disabled={!userId}
        onConfirm={() =>
          userId &&
          add.mutate(
            { params: { id: project.id }, body: { userId } },
            {
              onSuccess: (m) => {
                toast({ title: t('members.added'), description: m.name });
                close();
              },
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: t('members.addFailed'),
                  description: error.message,
                }),
            },
          )
        }
      >
        <FilterSelect
          id="add-member-person"
          label={t('members.person')}
          value={userId}
          allLabel={people.isLoading ? t('members.loadingPeople') : t('members.choosePerson')}
          options={options}
          onChange={setUserId}
        />
      </ConfirmDialog>
    </>
  );
}

function RemoveMember({
  project,
  member,
  onClose,
}: {
  project: ProjectDetail;
  member: ProjectMember | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('projects');
  const remove = useRemoveProjectMember();
  return (
    <ConfirmDialog
      open={member !== null}
      onClose={onClose}
      testId="remove-member-dialog"
      title={t('members.removeTitle', { name: member?.name ?? '' })}
      description={t('members.removeDescription', { project: project.name })}
      confirmLabel={t('members.remove')}
      pendingLabel={t('members.removing')}
      pending={remove.isPending}
      destructive
      onConfirm={() =>
        member &&
        remove.mutate(
          { params: { id: project.id, userId: member.userId } },
          {
            onSuccess: () => {
              toast({ title: t('members.removed'), description: member.name });
              onClose();
            },
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: t('members.removeFailed'),
                description: error.message,
              }),
          },
        )
      }
    />
  );
}

/** The project's people; managers and admins add and remove them. */
export function ProjectMembers({ project, canManage }: { project: ProjectDetail; canManage: boolean }) {
  const { t } = useTranslation('projects');
  const [removing, setRemoving] = useState<ProjectMember | null>(null);
  return (
    <Card className="p-5" aria-labelledby="project-members-heading">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="project-members-heading" className="text-base font-semibold text-foreground">
          {t('members.heading', { count: project.members.length })}
        </h2>
        {canManage && <AddMember project={project} />}
      </div>
      {project.members.length === 0 ? (
        <EmptyState
          icon={Users}
          className="py-6"
          title={t('members.emptyTitle')}
          description={canManage ? t('members.emptyManager') : t('members.emptyEmployee')}
        />
      ) : (
        <ul className="divide-y divide-border" data-testid="project-member-list">
          {project.members.map((m) => (
            <li key={m.userId} className="flex items-center gap-3 py-2.5">
              <Avatar name={m.name} src={m.imageUrl} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-foreground">{m.name}</p>
                <p className="truncate text-xs text-muted-foreground">{m.email}</p>
              </div>
              {canManage && (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('members.removeMember', { name: m.name })}
                  onClick={() => setRemoving(m)}
                >
                  <UserMinus aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <RemoveMember project={project} member={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}
