export * from './case-codes';
export * from './master-data';
export * from './platform';
export * from './workflows';
export * from './labels';
export * from './service-centers';
export * from './soc-codes';
