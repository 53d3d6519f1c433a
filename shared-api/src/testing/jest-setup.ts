// testTimeout in a project's jest config is ignored when jest runs all projects from the root.
jest.setTimeout(600_000);
