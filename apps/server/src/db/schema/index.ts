export * from './access';
export * from './administration';
export * from './auth';
export * from './certificates';
export * from './identity';
export * from './learning';
export * from './mail';
export * from './tenancy';
