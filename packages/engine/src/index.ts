export * from './types';
export * from './constants';
export * from './catalogue';
export * from './names';
export * from './seed';
export * from './format';
