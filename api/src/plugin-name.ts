/**
 * The plugin, named for Fastify's plugin tree after its function. Fastify names a plugin that has no
 * name by looking for it among the exports of every loaded module, which costs in proportion to the
 * modules loaded: a tenth of a route test's processor time when jest loads a group of test files'
 * modules (docs/decisions/0118-test-files-in-groups.md). The route plugins are plain functions (not
 * `fastify-plugin`'s, which carry names of their own), so each is registered through this.
 */
export function named<Plugin extends (...args: never[]) => unknown>(
  plugin: Plugin,
  name: string = plugin.name,
): Plugin {
  Object.defineProperty(plugin, Symbol.for('fastify.display-name'), {
    value: name,
    configurable: true,
  });
  return plugin;
}
