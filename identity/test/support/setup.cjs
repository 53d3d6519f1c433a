// Identity tests start real servers; on a loaded two-core machine a start alone can take a minute.
jest.setTimeout(180_000);
