/** webpack: a package's catalogue compiled as it is built (English empty). */
declare function catalogueLoader(this: { resourcePath: string }, source: string): string;
export = catalogueLoader;
