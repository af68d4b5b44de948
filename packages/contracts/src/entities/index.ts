// Entity schemas, one file per entity, are exported from here.
export * from './access';
export * from './assessment';
export * from './assessment-responses';
export * from './attendance';
export * from './audit';
export * from './audit-event';
export * from './authorship';
export * from './certificate';
export * from './learning';
export * from './menu';
export * from './role';
export * from './seat';
export * from './subscription';
export * from './tenant';
export * from './user';
export * from './user-setting';
