// What other areas may use from community.
export * from './state';
