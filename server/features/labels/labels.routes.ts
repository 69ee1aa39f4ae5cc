import { labelsApi } from '@contract/labels';
import { implement } from '../../lib/routes';
import { createLabel, deleteLabel, listLabels, updateLabel } from './labels.service';

/** Labels: read by all, kept by managers and admins (the contract's access). */
export const labelsRoutes = implement(labelsApi, {
  list: (ctx) => listLabels(ctx),
  create: (ctx, { body }) => createLabel(ctx, body),
  update: (ctx, { params, body }) => updateLabel(ctx, params.id, body),
  remove: (ctx, { params }) => deleteLabel(ctx, params.id),
});
