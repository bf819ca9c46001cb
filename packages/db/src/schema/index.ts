export * from './master-data';
export * from './platform';
export * from './labels';
export * from './service-centers';
export * from './soc-codes';
