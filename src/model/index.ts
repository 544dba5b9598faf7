export * from './errors';
export * from './hash';
export * from './identity';
export * from './kinds';
export * from './qualifiedName';
export * from './records';
