// The one webpack configuration of the shell and the three remotes; each package passes only
// what differs (its folder, its public path and its Module Federation options).
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const ChunkReportPlugin = require('./chunk-report-plugin.cjs');
const PreloadPlanPlugin = require('./preload-plan-plugin.cjs');
const { devServerConfig } = require('./dev-server.cjs');

/**
 * In development every build in the page must use one React Refresh runtime, the one React was
 * hooked into when the shell started; a remote's own copy would refresh nothing.
 */
function withOneRefreshRuntime(federation) {
  const runtime = { singleton: true, eager: true, requiredVersion: false };
  return { ...federation, shared: { ...federation.shared, 'react-refresh/runtime': runtime } };
}

/**
 * The runtime plugin that publishes the shell's runtime core, as its ES module: the plugin's
 * CommonJS build (what `experiments.provideExternalRuntime` adds) requires the CommonJS build of
 * runtime-core and would put a second copy of it beside the one the bundler runtime imports.
 */
const provideRuntimeCorePlugin = path.join(
  path.dirname(
    require.resolve('@module-federation/inject-external-runtime-core-plugin', {
      paths: [path.dirname(require.resolve('@module-federation/enhanced/webpack'))],
    }),
  ),
  'index.js',
);

/**
 * One copy of the federation runtime in the page (module-federation/core#2579): in production the
 * shell, which exposes nothing, publishes its `@module-federation/runtime-core` on
 * `globalThis._FEDERATION_RUNTIME_CORE` as it starts (before any remote loads), and each remote
 * takes it from there (`experiments.externalRuntime`) instead of carrying its own. Only a remote's
 * small webpack glue (bundler runtime, sdk helpers) stays in its remoteEntry.js. Development builds
 * keep their own copy, so a remote's standalone page still starts without the shell.
 */
function withOneFederationRuntime(federation) {
  if (federation.exposes) {
    return { ...federation, experiments: { ...federation.experiments, externalRuntime: true } };
  }
  const runtimePlugins = [...(federation.runtimePlugins ?? []), provideRuntimeCorePlugin];
  return { ...federation, runtimePlugins };
}

/**
 * The shared `react-router-dom` is tooling/mf/react-router-dom.mjs, which imports `react-router`: it
 * resolves from the folder that holds react-router-dom's own (no package of ours names it).
 */
function reactRouterRule(dir) {
  const reactRouterDom = require.resolve('react-router-dom/package.json', { paths: [dir] });
  const reactRouter = require.resolve('react-router/package.json', {
    paths: [path.dirname(reactRouterDom)],
  });
  return {
    test: path.join(__dirname, '../mf/react-router-dom.mjs'),
    resolve: { modules: [path.dirname(path.dirname(reactRouter))] },
  };
}

/** Files the servers send compressed: text, and only where compressing saves something. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Each text file also as .br (brotli, best) and .gz (gzip -9), made once at build so the servers send
 * them as they are (`preCompressed`): brotli where the browser offers it (over HTTPS, on localhost), gzip elsewhere.
 */
const precompressed = () => [
  new CompressionPlugin({
    test: COMPRESSIBLE,
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    threshold: 1024,
    minRatio: 0.9,
  }),
  new CompressionPlugin({
    test: COMPRESSIBLE,
    filename: '[path][base].gz',
    algorithm: 'gzip',
    compressionOptions: { level: 9 },
    threshold: 1024,
    minRatio: 0.9,
  }),
];

/** Loaded only for development builds: production builds do not need the dev tools installed. */
function reactRefresh() {
  const ReactRefreshPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
  return new ReactRefreshPlugin({ overlay: false });
}

/** TypeScript and JSX through SWC, for every build. */
function swcRule(production, { refresh = !production } = {}) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: [
      {
        loader: 'swc-loader',
        options: {
          jsc: {
            target: 'es2020',
            parser: { syntax: 'typescript', tsx: true },
            // In development, React Fast Refresh keeps a component's state across edits.
            transform: {
              react: { runtime: 'automatic', development: !production, refresh },
            },
          },
        },
      },
      // Runs first: each t('id') of our code carries its English message (docs/decisions/0109-languages.md).
      path.join(__dirname, 'message-inline-loader.cjs'),
    ],
  };
}

/**
 * The shell's service worker (docs/decisions/0101-offline-field-app.md): one file, `sw.js` at the
 * root of the shell's build so its scope is the whole app, built beside the shell, without
 * federation (a worker loads no remote).
 */
function createServiceWorkerConfig({ dir, entry }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      name: 'service-worker',
      mode: production ? 'production' : 'development',
      context: dir,
      target: 'webworker',
      entry: { sw: entry },
      devtool: false,
      output: { path: path.join(dir, 'dist'), filename: 'sw.js', clean: false },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: { rules: [swcRule(production, { refresh: false })] },
      optimization: { minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })] },
      performance: { hints: false },
    };
  };
}

/**
 * @param {{ dir: string; publicPath: string; federation: { name: string; exposes?: object } }} options
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
function createWebpackConfig({ dir, publicPath, federation }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // Entries keep plain names: a content hash here breaks the federation runtime chunk.
        filename: '[name].js',
        chunkFilename: '[name].[contenthash].js',
        assetModuleFilename: 'assets/[name].[contenthash][ext]',
        publicPath,
        // The service worker is built beside the shell into the same folder (createServiceWorkerConfig).
        clean: { keep: /^sw\.js$/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        // A page reads shared-api's texts with its translator; servers read them in English
        // (shared-api's package.json "imports").
        conditionNames: ['verity-page', '...'],
      },
      module: {
        rules: [
          swcRule(production),
          reactRouterRule(dir),
          // A package's messages in one language, compiled as built (docs/decisions/0109-languages.md).
          {
            test: /[\\/]locales[\\/][a-zA-Z-]+\.json$/,
            type: 'json',
            use: path.join(__dirname, 'catalogue-loader.cjs'),
          },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
          { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      // webpack's default chunk splitting, for the shell and the remotes alike: the design system,
      // the contract and the libraries go with the pages (lazy chunks) that use them, and code
      // several pages use goes into chunks of its own, so a first screen downloads only what it
      // renders (docs/decisions/0045-speed-on-a-real-link-bytes.md).
      plugins: [
        new ModuleFederationPlugin(
          production ? withOneFederationRuntime(federation) : withOneRefreshRuntime(federation),
        ),
        new HtmlWebpackPlugin({ template: './public/index.html' }),
        new ChunkReportPlugin(),
        new PreloadPlanPlugin({ includeShared: !federation.exposes }),
        ...(production ? precompressed() : [reactRefresh()]),
      ],
      // SWC's minifier rather than webpack's default Terser: the same bytes within 2 % gzip, for a
      // third of the CPU time (docs/decisions/0070-frontends-minified-by-swc.md).
      optimization: { minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })] },
      performance: { hints: false },
      devServer: production ? undefined : devServerConfig(federation.name),
    };
  };
}

module.exports = { createWebpackConfig, createServiceWorkerConfig };
