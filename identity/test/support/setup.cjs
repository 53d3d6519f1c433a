// Identity tests start a real server per file; give hooks and tests room on a busy machine.
jest.setTimeout(30000);
