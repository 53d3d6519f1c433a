export const routeDefaults = { tags: ['action plans'] };
