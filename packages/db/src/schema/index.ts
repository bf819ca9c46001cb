export * from './master-data';
export * from './platform';
