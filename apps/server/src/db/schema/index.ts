export * from './files.js';
export * from './users.js';
export * from './books.js';
export * from './shopping.js';
export * from './payments.js';
export * from './store.js';
export * from './accounts.js';
