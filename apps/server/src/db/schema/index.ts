export * from './administration';
export * from './identity';
export * from './mail';
export * from './tenancy';
