// Identity tests start real servers; on a loaded two-core machine (load 20) a start alone can take
// three minutes.
jest.setTimeout(600_000);
