// Writes dist/preload.json: the JavaScript files of every named chunk group (an `import()` named
// with webpackChunkName, a Module Federation expose), so that the shell's server can have the
// browser fetch them beside the page instead of one after another as each runs
// (docs/decisions/0057-round-trips-the-first-screen-preloaded.md). Entries are left out: the page
// names them.
//
// In a host (`includeShared`: the shell, which provides the shared modules to the page) a group
// also lists the chunks of the shared modules it consumes (react, the router, the session...),
// which the federation runtime fetches only once the group's own chunks have run. A remote's
// consumed modules come from the host, never from its own fallback chunks, so it lists none.
const path = require('node:path');

/**
 * The module file a shared module stands for, from its identifier: `provide module (…) name@version
 * = <file>`, `consume shared module (…)|name|range|…|<file>|…`.
 */
const providedFile = (module) => module.identifier().split(' = ').pop();
const consumedFile = (module) =>
  module
    .identifier()
    .split('|')
    .find((part) => path.isAbsolute(part));

class PreloadPlanPlugin {
  constructor({ includeShared = false } = {}) {
    this.includeShared = includeShared;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadPlanPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PreloadPlanPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const { chunkGraph } = compilation;
          const jsFiles = (group) => group.getFiles().filter((file) => file.endsWith('.js'));
          // Each provided module's file, and the chunk group that carries it.
          const provided = new Map();
          for (const group of compilation.chunkGroups) {
            for (const { module } of group.origins) {
              if (module?.type === 'provide-module') provided.set(providedFile(module), group);
            }
          }
          /** The group's files and, in a host, those of every shared module it (and they) consume. */
          const filesOf = (group) => {
            const files = new Set(jsFiles(group));
            if (!this.includeShared) return files;
            const seen = new Set([group]);
            const queue = [group];
            while (queue.length > 0) {
              for (const chunk of queue.shift().chunks) {
                for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
                  if (module.type !== 'consume-shared-module') continue;
                  const source = provided.get(consumedFile(module));
                  if (!source || seen.has(source)) continue;
                  seen.add(source);
                  queue.push(source);
                  for (const file of jsFiles(source)) files.add(file);
                }
              }
            }
            return files;
          };
          const groups = {};
          for (const group of compilation.chunkGroups) {
            if (!group.name || group.isInitial()) continue;
            groups[group.name] = [...new Set([...(groups[group.name] ?? []), ...filesOf(group)])];
            groups[group.name].sort();
          }
          const { RawSource } = compiler.webpack.sources;
          compilation.emitAsset('preload.json', new RawSource(JSON.stringify({ groups })));
        },
      );
    });
  }
}

module.exports = PreloadPlanPlugin;
