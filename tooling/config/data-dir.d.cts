/** Everything a server creates from now on is private to its user (700 folders, 600 files). */
export function restrictNewFiles(): void;
/** Creates `dataDir` when missing and makes it and everything in it private (700 folders, 600 files). */
export function protectDataDir(dataDir: string): void;
