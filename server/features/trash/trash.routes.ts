import { trashApi } from '@contract/trash';
import { implement } from '../../lib/routes';
import { listTrash } from './trash.service';

/** Who sees which deleted item is decided in the service (docs/product/tasks.md#trash). */
export const trashRoutes = implement(trashApi, {
  list: (ctx, { query }) => listTrash(ctx, query),
});
