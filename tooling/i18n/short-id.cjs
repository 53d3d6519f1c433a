// A message id as the builds write it: a few letters of its hash instead of its dotted name, so each
// text a page carries costs a short key (docs/decisions/0109-languages.md). The inline loader and
// the catalogue loader both call it; the tests keep the dotted names.
function shortId(id) {
  // FNV-1a, 32 bits.
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index += 1) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

module.exports = { shortId };
