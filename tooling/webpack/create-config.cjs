// The one webpack configuration of the shell and the three remotes; each package passes only
// what differs (its folder, its public path and its Module Federation options).
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const ChunkReportPlugin = require('./chunk-report-plugin.cjs');
const { devServerConfig } = require('./dev-server.cjs');

/**
 * The design system's and the contract's code that a remote compiles in: one chunk of its own, so a
 * redeploy that changes only the area's screens leaves its cached copy valid, and its size is budgeted.
 */
const DESIGN_SYSTEM_CODE = /[\\/](shared-ui|shared-api)[\\/]src[\\/]/;
/** The chart canvas loads ECharts lazily; it must stay out of that chunk. */
const LAZY_CHART_CODE = /[\\/]shared-ui[\\/]src[\\/]charts[\\/]chart-canvas/;

const designSystemChunk = {
  name: 'design-system',
  chunks: 'async',
  enforce: true,
  test: (module) => {
    const resource = module.resource || '';
    return DESIGN_SYSTEM_CODE.test(resource) && !LAZY_CHART_CODE.test(resource);
  },
};

/**
 * In development every build in the page must use one React Refresh runtime, the one React was
 * hooked into when the shell started; a remote's own copy would refresh nothing.
 */
function withOneRefreshRuntime(federation) {
  const runtime = { singleton: true, eager: true, requiredVersion: false };
  return { ...federation, shared: { ...federation.shared, 'react-refresh/runtime': runtime } };
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
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  target: 'es2020',
                  parser: { syntax: 'typescript', tsx: true },
                  // In development, React Fast Refresh keeps a component's state across edits.
                  transform: {
                    react: { runtime: 'automatic', development: !production, refresh: !production },
                  },
                },
              },
            },
          },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
          { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      optimization: {
        // Only a remote gets the design-system chunk: the shell's few pieces stay with the screens
        // that use them, so the login screen does not load the signed-in layout's (notistack with it).
        splitChunks: { cacheGroups: federation.exposes ? { designSystem: designSystemChunk } : {} },
      },
      plugins: [
        new ModuleFederationPlugin(production ? federation : withOneRefreshRuntime(federation)),
        new HtmlWebpackPlugin({ template: './public/index.html' }),
        new ChunkReportPlugin(),
        ...(production ? precompressed() : [reactRefresh()]),
      ],
      performance: { hints: false },
      devServer: production ? undefined : devServerConfig(federation.name),
    };
  };
}

module.exports = { createWebpackConfig };
