export * from './auth';
export * from './common-passwords';
export * from './files';
export * from './invitations';
export * from './jobs';
export * from './profiles';
export * from './registration';
export * from './users';
