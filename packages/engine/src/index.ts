export * from './types';
export * from './constants';
