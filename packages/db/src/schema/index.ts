export * from './case-codes';
export * from './master-data';
export * from './platform';
export * from './workflows';
