export * from './enums.ts';
export * from './users.ts';
export * from './catalogue.ts';
export * from './community.ts';
