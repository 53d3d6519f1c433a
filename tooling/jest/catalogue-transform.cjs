// jest: a package's catalogue (`locales/<language>.json`) compiled as webpack compiles it.
const { compileCatalogue } = require('../i18n/compile-catalogue.cjs');

module.exports = {
  process(source) {
    return { code: JSON.stringify(compileCatalogue(source)) };
  },
};
