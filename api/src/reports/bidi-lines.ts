// The order in which a line mixing right-to-left script (Arabic, Hebrew) with digits and Latin words
// is drawn, by the Unicode Bidirectional Algorithm (bidi-js): the line is cut into runs of one
// direction, and the runs are put in the order they are seen, from left to right
// (docs/decisions/0109-languages.md).
import bidiFactory from 'bidi-js';

export type Direction = 'ltr' | 'rtl';

/** A piece of a line written in one direction; its text in the order it is read. */
export interface Run {
  text: string;
  direction: Direction;
}

const bidi = bidiFactory();

/**
 * A letter of a script written right to left. The PDF's font reader lays out a text holding one
 * right to left, joining Arabic letters as it goes.
 */
const RIGHT_TO_LEFT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

export const hasRightToLeft = (text: string) => RIGHT_TO_LEFT.test(text);

/** The direction of a paragraph: that of its first letter (of a strong direction), else left to right. */
export function directionOf(paragraph: string): Direction {
  if (!hasRightToLeft(paragraph)) return 'ltr';
  const level = bidi.getEmbeddingLevels(paragraph).paragraphs[0]?.level ?? 0;
  return level % 2 === 1 ? 'rtl' : 'ltr';
}

/**
 * A line of a paragraph written in `direction` as the runs seen from left to right. Brackets and
 * other paired signs in a right-to-left run are already mirrored ('(' reads as ')').
 */
export function visualRuns(line: string, direction: Direction): Run[] {
  if (line.length === 0) return [];
  const { levels } = bidi.getEmbeddingLevels(line, direction);
  const mirrored = bidi.getMirroredCharactersMap(line, levels);
  const runs: { text: string; level: number }[] = [];
  for (let index = 0; index < line.length; index += 1) {
    const character = mirrored.get(index) ?? line[index]!;
    const last = runs[runs.length - 1];
    if (last && last.level === levels[index]) last.text += character;
    else runs.push({ text: character, level: levels[index]! });
  }
  // From the highest level down to the lowest odd one, each sequence of runs at that level or higher
  // is reversed.
  const highest = Math.max(...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => run.level).filter((level) => level % 2 === 1));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let start = 0; start < runs.length; start += 1) {
      if (runs[start]!.level < level) continue;
      let end = start;
      while (end + 1 < runs.length && runs[end + 1]!.level >= level) end += 1;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return runs.map((run) => ({ text: run.text, direction: run.level % 2 === 1 ? 'rtl' : 'ltr' }));
}
