// Writes dist/chunk-report.json: every emitted chunk with its files, whether it loads at start,
// and the modules in it (paths relative to the repository), for the bundle budget test.
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '../..');

class ChunkReportPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkReportPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkReportPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const chunks = [...compilation.chunks].map((chunk) => ({
            id: chunk.id,
            name: chunk.name ?? null,
            initial: chunk.canBeInitial(),
            files: [...chunk.files],
            modules: compilation.chunkGraph
              .getChunkModules(chunk)
              .flatMap((module) => (module.modules ? module.modules : [module]))
              .map((module) => module.resource)
              .filter(Boolean)
              .map((resource) => path.relative(repoRoot, resource)),
          }));
          const { RawSource } = compiler.webpack.sources;
          compilation.emitAsset(
            'chunk-report.json',
            new RawSource(JSON.stringify({ chunks }, null, 1)),
          );
        },
      );
    });
  }
}

module.exports = ChunkReportPlugin;
