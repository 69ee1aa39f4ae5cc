export * from './attendance';
export * from './chat';
export * from './projects';
export * from './settings';
export * from './tasks';
export * from './time';
export * from './users';
