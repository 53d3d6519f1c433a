/**
 * A name matcher for a link or button whose name goes on after `start`: a row link's name is its
 * action and all the text it shows ('Open gap Energy intensity per tonne No sub-metering...'), and a
 * test names the row by its action and first line. Whole words only: 'Open gap KPI 1' is not
 * 'Open gap KPI 10'.
 */
export const nameStartingWith =
  (start: string) =>
  (name: string): boolean =>
    name === start || name.startsWith(`${start} `);
