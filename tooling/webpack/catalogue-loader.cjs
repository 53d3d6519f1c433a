// webpack: a package's catalogue (`locales/<language>.json`) compiled as it is built.
const { compileCatalogue } = require('../i18n/compile-catalogue.cjs');

module.exports = function catalogueLoader(source) {
  return JSON.stringify(compileCatalogue(source));
};
