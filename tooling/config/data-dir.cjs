// DATA_DIR holds databases, attachments and secrets: only the user that runs Verity may read or write it.
const fs = require('node:fs');
const path = require('node:path');

/** Everything a server creates from now on is private to its user (700 folders, 600 files). */
function restrictNewFiles() {
  process.umask(0o077);
}

// A file the database removes while we walk is simply gone: nothing to repair.
function unlessGone(action) {
  try {
    return action();
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    return undefined;
  }
}

function repair(target) {
  const info = fs.lstatSync(target, { throwIfNoEntry: false });
  // Symbolic links are left alone: their target may be anywhere, and a link's own mode means nothing.
  if (!info || info.isSymbolicLink()) return;
  const wanted = info.isDirectory() ? 0o700 : 0o600;
  if ((info.mode & 0o777) !== wanted) unlessGone(() => fs.chmodSync(target, wanted));
  if (info.isDirectory()) {
    for (const entry of unlessGone(() => fs.readdirSync(target)) ?? []) {
      repair(path.join(target, entry));
    }
  }
}

/** Creates `dataDir` when missing and makes it and everything in it private (700 folders, 600 files). */
function protectDataDir(dataDir) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  repair(dataDir);
}

module.exports = { restrictNewFiles, protectDataDir };
