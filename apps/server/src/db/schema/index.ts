export * from './groups.ts';
export * from './users.ts';
export * from './sessions.ts';
export * from './controllers.ts';
export * from './bacnet.ts';
export * from './records.ts';
