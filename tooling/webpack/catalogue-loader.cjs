// webpack: a package's catalogue (`locales/<language>.json`) compiled as it is built. English is
// empty here: each `t('id')` call carries its English message (message-inline-loader.cjs), so no
// page downloads an English catalogue, and another language's is loaded only when chosen.
const { compileCatalogue } = require('../i18n/compile-catalogue.cjs');

module.exports = function catalogueLoader(source) {
  if (/[\\/]en\.json$/.test(this.resourcePath)) return '{}';
  return JSON.stringify(compileCatalogue(source));
};
