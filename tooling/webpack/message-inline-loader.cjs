// webpack: each message id our code names (`t('ui.gapDetails.close')`, or an id in a table of ids)
// becomes the id with its English message, compiled (`["ui.gapDetails.close", message]`), which
// `t` reads; so a page carries the English texts it shows, in the chunk that shows them, and no
// English catalogue (docs/decisions/0109-languages.md). An id in a `t('…')` call that no catalogue
// has fails the build. Another language's catalogue is a chunk loaded when that language is chosen.
const { englishMessages } = require('../i18n/english-messages.cjs');

/** A literal that may be an id: dotted lower-camel words, `'ui.gapDetails.close'`. */
const LITERAL = /(\bt\(\s*)?'([a-z][\w-]*(?:\.[\w-]+)+)'/g;

module.exports = function messageInlineLoader(source) {
  const { files, messages } = englishMessages();
  for (const file of files) this.addDependency(file);
  return source.replace(LITERAL, (literal, call, id) => {
    const message = messages.get(id);
    if (message !== undefined)
      return `${call ?? ''}[${JSON.stringify(id)}, ${JSON.stringify(message)}]`;
    if (call) this.emitError(new Error(`No English message "${id}" in any locales/en.json`));
    return literal;
  });
};
