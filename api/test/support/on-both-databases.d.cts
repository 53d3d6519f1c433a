/** Each test file (relative to api/) that runs on PGlite as well, with the reason. */
export declare const ON_BOTH_DATABASES: Readonly<Record<string, string>>;
