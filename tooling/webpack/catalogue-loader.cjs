// webpack: a package's catalogue (`locales/<language>.json`) compiled as it is built. English is
// empty here: each `t('id')` call carries its English message (message-inline-loader.cjs), so no
// page downloads an English catalogue, and another language's is loaded only when chosen.
const { compileCatalogue } = require('../i18n/compile-catalogue.cjs');
const { shortId } = require('../i18n/short-id.cjs');

module.exports = function catalogueLoader(source) {
  if (/[\\/]en\.json$/.test(this.resourcePath)) return '{}';
  const compiled = Object.entries(compileCatalogue(source));
  // Keyed by the short ids the code names them by (short-id.cjs).
  return JSON.stringify(
    Object.fromEntries(compiled.map(([id, message]) => [shortId(id), message])),
  );
};
