export * from './bearer';
export * from './errors';
export * from './hash';
export * from './hostPort';
export * from './identity';
export * from './kinds';
export * from './qualifiedName';
export * from './records';
