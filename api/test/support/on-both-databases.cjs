// The test files (under api/) that run on PGlite as well when PostgreSQL is there, each for what the
// embedded database does differently: its worker thread, its single connection (notifications heard
// in process, transactions taken in turn), its copy-out through a table of its own, its files in
// DATA_DIR, and how it survives a kill. Above the database's interface (api/src/db/types.ts) the API
// runs the same SQL on both, so every other file runs on one database: PostgreSQL when
// TEST_DATABASE_URL names a server, PGlite when it does not (and so on every developer's machine).
// The API's jest project runs each of them alone (tooling/jest/sequencer.cjs): a test file's
// databases follow its own path.
const ON_BOTH_DATABASES = {
  'test/db/copy-out.test.ts': 'PGlite copies out through a table of its own',
  'test/db/database.test.ts': 'the database interface over the PGlite worker and the pool',
  'test/db/job-queue.test.ts': "the job queue's SKIP LOCKED and schedules on PGlite's worker",
  'test/db/migration-history.test.ts': "users' .data folders upgrade in place, as deployments do",
  'test/db/session-upgrade.test.ts': 'the migrations of a signed-in database, on either',
  'test/seed/demo-seed.test.ts': 'what `npm start` seeds at start-up, on its embedded database',
  'test/faults/database-drops.test.ts': "the PGlite worker's failure against a server's lost pool",
  'test/faults/email-crash.test.ts': 'the embedded database across a kill -9',
  'test/faults/orphan-attachments.test.ts': 'rows and files across a kill -9 of the embedded one',
  'test/faults/shutdown.test.ts': 'SIGTERM closes the PGlite worker with its files written',
  'test/faults/file-modes.test.ts': "PGlite's files in DATA_DIR, and their modes",
  'test/faults/load-shedding.test.ts':
    "a stalled download's rows (spill files on PostgreSQL, pages on PGlite), fifty readers on PGlite's one connection",
  'test/live/events.test.ts': "notifications heard in process on PGlite's one connection",
  'test/notifications/delivery.test.ts': "the e-mail queue's worker on PGlite's one connection",
  'test/routes/organisations/users-search-locale.test.ts':
    "the users' search folds case in PGlite's C locale",
};

module.exports = { ON_BOTH_DATABASES };
