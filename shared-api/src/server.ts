// The Node entry of shared-api, for the API and the shell's server: the contract's schemas, the
// rules, the permission table, the domain constants and the messages. Never the browser's HTTP
// client, calls or session store (the lint rule in eslint.config.mjs keeps servers to this file).
export * from './contract';
export * from './domain/attachments';
export * from './domain/audit';
export * from './domain/bulk-changes';
export * from './domain/change-history';
export * from './domain/closure';
export * from './domain/company';
export * from './domain/currency';
export * from './domain/dates';
export * from './domain/error-codes';
export * from './domain/esap';
export * from './domain/esap-import';
export * from './domain/esap-revision';
export * from './domain/extensions';
export * from './domain/limits';
export * from './domain/live';
export * from './domain/milestones';
export * from './domain/api-tokens';
export * from './domain/notifications';
export * from './domain/permissions';
export * from './domain/portfolio';
export * from './domain/reports';
export * from './domain/risk';
export * from './domain/sdg';
export * from './domain/status';
export * from './domain/text-limits';
export * from './domain/user';
export * from './messages';
export * from './rules/action-plan-rules';
export * from './rules/change-rules';
export * from './rules/esap-rules';
export * from './rules/gap-rules';
export * from './rules/gap-state';
export * from './rules/organisation-rules';
export * from './rules/text-rules';
