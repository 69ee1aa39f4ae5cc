import {
  type CreateProjectRequest,
  createProjectRequest,
  creatableProjectStatuses,
  projectPriorities,
} from '@contract/projects';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useCreateProject } from './api';
import { projectPriorityLabels, projectStatusLabels } from './project-badges';

type Values = Required<CreateProjectRequest>;
const empty: Values = { name: '', description: '', status: 'active', priority: 'medium' };

export function CreateProjectDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const create = useCreateProject();
  const [values, setValues] = useState<Values>(empty);
  const [nameError, setNameError] = useState<string>();

  function close(next: boolean) {
    if (!next) {
      setValues(empty);
      setNameError(undefined);
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createProjectRequest.safeParse(values);
    if (!parsed.success) {
      setNameError(z.flattenError(parsed.error).fieldErrors.name?.[0]);
      return;
    }
    setNameError(undefined);
    create.mutate(values, {
      onSuccess: (project) => {
        toast({ title: 'Project Created', description: project.name });
        close(false);
      },
      onError: (error) => {
        if (error instanceof ApiError) setNameError(error.fieldErrors?.name?.[0]);
        toast({ variant: 'destructive', title: 'Failed to create project', description: error.message });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="create-project-dialog">
        <DialogHeader>
          <DialogTitle>Create New Project</DialogTitle>
          <DialogDescription>
            Group related tasks so the team can see how the work is going.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="project-name">Name</Label>
            <Input
              id="project-name"
              value={values.name}
              onChange={(e) => {
                setValues({ ...values, name: e.target.value });
                setNameError(undefined);
              }}
              placeholder="e.g. Website relaunch"
              maxLength={120}
              autoFocus
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? 'project-name-error' : undefined}
            />
            {nameError && (
              <p id="project-name-error" role="alert" className="text-xs font-medium text-destructive">
                {nameError}
              </p>
            )}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="project-description">Description</Label>
            <Textarea
              id="project-description"
              value={values.description}
              onChange={(e) => setValues({ ...values, description: e.target.value })}
              placeholder="Goals and scope"
              maxLength={2000}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="project-status">Status</Label>
              <OptionSelect
                id="project-status"
                value={values.status}
                options={creatableProjectStatuses}
                labels={projectStatusLabels}
                onValueChange={(status) => setValues({ ...values, status })}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="project-priority">Priority</Label>
              <OptionSelect
                id="project-priority"
                value={values.priority}
                options={projectPriorities}
                labels={projectPriorityLabels}
                onValueChange={(priority) => setValues({ ...values, priority })}
              />
            </div>
          </div>
          <DialogActions
            onCancel={() => close(false)}
            label="Create Project"
            pendingLabel="Creating..."
            pending={create.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
