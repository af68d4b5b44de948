export * from './api';
export * from './definitions';
export * from './schema';
