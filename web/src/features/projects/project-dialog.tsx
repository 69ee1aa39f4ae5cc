import {
  createProjectRequest,
  creatableProjectStatuses,
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
import { useCreateProject, useUpdateProject } from './api';
import { projectPriorityLabels, projectStatusLabels } from './project-badges';

// Creation's fields and messages; editing may also cancel a project.
const editProjectForm = createProjectRequest.extend({ status: projectStatusSchema.default('active') });
type ProjectForm = z.ZodType<z.output<typeof editProjectForm>, z.input<typeof editProjectForm>>;
const optionsOf = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));
const createStatusOptions = optionsOf(creatableProjectStatuses, projectStatusLabels);
const editStatusOptions = optionsOf(projectStatuses, projectStatusLabels);
const priorityOptions = optionsOf(projectPriorities, projectPriorityLabels);

const valuesOf = (p: Project | undefined): z.input<typeof editProjectForm> =>
  p
    ? { name: p.name, description: p.description, status: p.status, priority: p.priority }
    : { name: '', description: '', status: 'active', priority: 'medium' };

/** The one project form: creates a project, or, given `project`, edits it (docs/product/projects.md). */
export function ProjectDialog({
  project,
  open,
  onOpenChange,
}: {
  project?: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateProject();
  const update = useUpdateProject();
  const schema: ProjectForm = project ? editProjectForm : createProjectRequest;
  const form = useZodForm(schema, { defaultValues: valuesOf(project) });
  // Editing opens on the project as it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog opens
  useEffect(() => {
    if (open && project) form.reset(valuesOf(project));
  }, [open]);

  const onError = (action: string) => (error: Error) => {
    applyServerErrors(form, error);
    toast({ variant: 'destructive', title: `Failed to ${action} project`, description: error.message });
  };
  const submit = (body: z.output<typeof editProjectForm>) =>
    project
      ? update.mutate(
          { params: { id: project.id }, body },
          {
            onSuccess: (p) => {
              toast({ title: 'Project Updated', description: p.name });
              onOpenChange(false);
            },
            onError: onError('update'),
          },
        )
      : create.mutate(
          // The form checked it with the creation schema, which has no 'cancelled'.
          { body: createProjectRequest.parse(body) },
          {
            onSuccess: (p) => {
              toast({ title: 'Project Created', description: p.name });
              form.reset();
              onOpenChange(false);
            },
            onError: onError('create'),
          },
        );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={submit}
      {...(project
        ? {
            testId: 'edit-project-dialog',
            title: 'Edit Project',
            description: 'Rename it, describe it, or change its status and priority.',
            idPrefix: 'edit-project',
            submitLabel: 'Save Changes',
            pendingLabel: 'Saving...',
            pending: update.isPending,
          }
        : {
            testId: 'create-project-dialog',
            title: 'Create New Project',
            description: 'Group related tasks so the team can see how the work is going.',
            idPrefix: 'project',
            submitLabel: 'Create Project',
            pendingLabel: 'Creating...',
            pending: create.isPending,
          })}
    >
      <TextField name="name" label="Name" placeholder="e.g. Website relaunch" maxLength={120} autoFocus />
      <TextareaField name="description" label="Description" placeholder="Goals and scope" maxLength={2000} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="status"
          label="Status"
          options={project ? editStatusOptions : createStatusOptions}
        />
        <SelectField name="priority" label="Priority" options={priorityOptions} />
      </div>
    </FormDialog>
  );
}
