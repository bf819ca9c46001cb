export * from './case-codes';
export * from './labels';
export * from './master-data';
export * from './platform';
export * from './profile';
export * from './service-centers';
export * from './soc-codes';
export * from './workflows';
