import { searchApi } from '@contract/search';
import { implement } from '../../lib/routes';
import { search } from './search.service';

export const searchRoutes = implement(searchApi, {
  search: (ctx, { query }) => search(ctx, query.q),
});
