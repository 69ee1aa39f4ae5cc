/** What pages may use from the Trash feature (docs/product/tasks.md#trash). */
export { TrashList } from './trash-list';
export { TrashLink } from './trash-link';
