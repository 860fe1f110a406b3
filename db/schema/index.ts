export * from './accounts';
export * from './products';
export * from './mail';
