export const routeDefaults = { tags: ['action plans'], security: [{ session: [] }] };
