// webpack's dev server for `npm run dev`: each frontend on the port `npm start` gives it, with hot
// updates. The shell's also does what its production server does for the page: it proxies /api/v1
// to the API (first-party cookies) and answers /remotes.json; the remotes let the shell's origin load them.
const { loadConfig, remotesManifest } = require('../config/index.cjs');

/**
 * @param {string} federationName the Module Federation name of the package ('shell', 'remote_client', ...)
 * @returns {import('webpack-dev-server').Configuration}
 */
function devServerConfig(federationName, env = process.env) {
  const config = loadConfig(env);
  const common = { host: 'localhost', hot: true, client: { overlay: { warnings: false } } };
  if (federationName === 'shell') {
    return {
      ...common,
      port: config.shellPort,
      historyApiFallback: true,
      proxy: [{ context: ['/api/v1'], target: config.apiUrl, changeOrigin: false }],
      setupMiddlewares(middlewares, devServer) {
        devServer.app.get('/remotes.json', (_request, response) => {
          response.set('cache-control', 'no-cache');
          response.json(remotesManifest(config));
        });
        return middlewares;
      },
    };
  }
  const remote = config.remotes.find((candidate) => candidate.name === federationName);
  if (!remote) throw new Error(`No remote is called ${federationName}`);
  return {
    ...common,
    port: remote.port,
    headers: { 'Access-Control-Allow-Origin': '*' },
    // Hot updates and the page's own websocket come from the shell's origin.
    allowedHosts: 'all',
  };
}

module.exports = { devServerConfig };
