export * from './pricing';
export * from './validation';
