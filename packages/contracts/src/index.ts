export * from './api';
export * from './constants';
export * from './entities';
export * from './learning-navigation';
export * from './list-query';
export * from './messages';
export * from './path-params';
export * from './routes';
