export * from './pricing';
export * from './validation';
export * from './catalog';
export * from './auth';
export * from './cart';
export * from './addresses';
export * from './orders';
export * from './chat';
