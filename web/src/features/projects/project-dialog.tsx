import {
  createProjectRequest,
  creatableProjectStatuses,
  type Project,
  projectPriorities,
  projectStatusSchema,
  projectStatuses,
} from '@contract/projects';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
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

// Creation's fields and messages; editing may also cancel a project.
const editProjectForm = createProjectRequest.extend({ status: projectStatusSchema.default('active') });
type ProjectForm = z.ZodType<z.output<typeof editProjectForm>, z.input<typeof editProjectForm>>;

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
  const { t } = useTranslation('projects');
  const create = useCreateProject();
  const update = useUpdateProject();
  const schema: ProjectForm = project ? editProjectForm : createProjectRequest;
  const form = useZodForm(schema, { defaultValues: valuesOf(project) });
  // Editing opens on the project as it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the dialog opens
  useEffect(() => {
    if (open && project) form.reset(valuesOf(project));
  }, [open]);

  const onError = (action: 'update' | 'create') => (error: Error) => {
    applyServerErrors(form, error);
    toast({
      variant: 'destructive',
      title: action === 'update' ? t('dialog.updateFailed') : t('dialog.createFailed'),
      description: error.message,
    });
  };
  const submit = (body: z.output<typeof editProjectForm>) =>
    project
      ? update.mutate(
          { params: { id: project.id }, body },
          {
            onSuccess: (p) => {
              toast({ title: t('dialog.updated'), description: p.name });
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
              toast({ title: t('dialog.created'), description: p.name });
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
            title: t('dialog.editTitle'),
            description: t('dialog.editDescription'),
            idPrefix: 'edit-project',
            submitLabel: t('dialog.save'),
            pendingLabel: t('dialog.saving'),
            pending: update.isPending,
          }
        : {
            testId: 'create-project-dialog',
            title: t('dialog.createTitle'),
            description: t('dialog.createDescription'),
            idPrefix: 'project',
            submitLabel: t('dialog.create'),
            pendingLabel: t('dialog.creating'),
            pending: create.isPending,
          })}
    >
      <TextField
        name="name"
        label={t('dialog.name')}
        placeholder={t('dialog.namePlaceholder')}
        maxLength={120}
        autoFocus
      />
      <TextareaField
        name="description"
        label={t('dialog.description')}
        placeholder={t('dialog.descriptionPlaceholder')}
        maxLength={2000}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          name="status"
          label={t('dialog.status')}
          options={(project ? projectStatuses : creatableProjectStatuses).map((value) => ({
            value,
            label: t(`status.${value}`),
          }))}
        />
        <SelectField
          name="priority"
          label={t('dialog.priority')}
          options={projectPriorities.map((value) => ({ value, label: t(`priority.${value}`) }))}
        />
      </div>
    </FormDialog>
  );
}
