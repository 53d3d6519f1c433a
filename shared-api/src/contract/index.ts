// The API's contract, written once: the request and response schemas of every route. The API
// validates and documents with them (OpenAPI), and the browser's types are derived from them.
export * from './common';
export * from './auth';
export * from './organisations';
export * from './action-plans';
export * from './change-history';
export * from './dashboards';
export * from './service';
export * from './notifications';
export * from './reports';
export * from './esap-import';
export * from './esap-revision';
export * from './portfolio';
export * from './live';
export * from './api-tokens';
export * from './webhooks';
export * from './single-sign-on';
export * from './monitoring-reports';
export * from './incidents';
export * from './grievances';
