// A catalogue is one package's messages in one language: Lingui's "minimal" JSON, each id to an ICU
// MessageFormat message (docs/decisions/0109-languages.md). It is compiled where it is built (the
// webpack loader, the jest transform), so the browser carries Lingui's small runtime and no parser.
const { compileMessage } = require('@lingui/message-utils/compileMessage');

/** The catalogue's text, compiled: each id to the message as Lingui's runtime reads it. */
function compileCatalogue(source) {
  const messages = JSON.parse(source);
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => [id, compileMessage(message)]),
  );
}

module.exports = { compileCatalogue };
