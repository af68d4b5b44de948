export * from './auth';
export * from './common-passwords';
export * from './registration';
export * from './users';
