import { createProjectRequest, creatableProjectStatuses, projectPriorities } from '@contract/projects';
import type { z } from 'zod';
import {
  applyServerErrors,
  FormDialog,
  SelectField,
  TextareaField,
  TextField,
  useZodForm,
} from '@/components/form';
import { toast } from '@/components/ui/use-toast';
import { useCreateProject } from './api';
import { projectPriorityLabels, projectStatusLabels } from './project-badges';

const statusOptions = creatableProjectStatuses.map((value) => ({ value, label: projectStatusLabels[value] }));
const priorityOptions = projectPriorities.map((value) => ({ value, label: projectPriorityLabels[value] }));

export function CreateProjectDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const create = useCreateProject();
  const form = useZodForm(createProjectRequest, {
    defaultValues: { name: '', description: '', status: 'active', priority: 'medium' },
  });

  const submit = (body: z.output<typeof createProjectRequest>) =>
    create.mutate(
      { body },
      {
        onSuccess: (project) => {
          toast({ title: 'Project Created', description: project.name });
          form.reset();
          onOpenChange(false);
        },
        onError: (error) => {
          applyServerErrors(form, error);
          toast({ variant: 'destructive', title: 'Failed to create project', description: error.message });
        },
      },
    );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="create-project-dialog"
      title="Create New Project"
      description="Group related tasks so the team can see how the work is going."
      form={form}
      onSubmit={submit}
      idPrefix="project"
      submitLabel="Create Project"
      pendingLabel="Creating..."
      pending={create.isPending}
    >
      <TextField name="name" label="Name" placeholder="e.g. Website relaunch" maxLength={120} autoFocus />
      <TextareaField name="description" label="Description" placeholder="Goals and scope" maxLength={2000} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="status" label="Status" options={statusOptions} />
        <SelectField name="priority" label="Priority" options={priorityOptions} />
      </div>
    </FormDialog>
  );
}
