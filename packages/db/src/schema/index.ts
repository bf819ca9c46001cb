export * from './master-data';
export * from './platform';
export * from './profile';
