import {
  createProjectRequest,
  type Project,
  projectPriorities,
  projectStatusSchema,
  projectStatuses,
} from '@contract/projects';
import { useEffect } from 'react';
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
import { useUpdateProject } from './api';
import { projectPriorityLabels, projectStatusLabels } from './project-badges';

// Creation's fields and messages; editing may also cancel a project.
const editProjectForm = createProjectRequest.extend({ status: projectStatusSchema });
const statusOptions = projectStatuses.map((value) => ({ value, label: projectStatusLabels[value] }));
const priorityOptions = projectPriorities.map((value) => ({ value, label: projectPriorityLabels[value] }));

const valuesOf = (p: Project) => ({
  name: p.name,
  description: p.description,
  status: p.status,
  priority: p.priority,
});

export function EditProjectDialog({
  project,
  open,
  onOpenChange,
}: {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateProject();
  const form = useZodForm(editProjectForm, { defaultValues: valuesOf(project) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog opens
  useEffect(() => {
    if (open) form.reset(valuesOf(project));
  }, [open]);

  const submit = (body: z.output<typeof editProjectForm>) =>
    update.mutate(
      { params: { id: project.id }, body },
      {
        onSuccess: (p) => {
          toast({ title: 'Project Updated', description: p.name });
          onOpenChange(false);
        },
        onError: (error) => {
          applyServerErrors(form, error);
          toast({ variant: 'destructive', title: 'Failed to update project', description: error.message });
        },
      },
    );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      testId="edit-project-dialog"
      title="Edit Project"
      description="Rename it, describe it, or change its status and priority."
      form={form}
      onSubmit={submit}
      idPrefix="edit-project"
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      pending={update.isPending}
    >
      <TextField name="name" label="Name" maxLength={120} autoFocus />
      <TextareaField name="description" label="Description" maxLength={2000} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="status" label="Status" options={statusOptions} />
        <SelectField name="priority" label="Priority" options={priorityOptions} />
      </div>
    </FormDialog>
  );
}
