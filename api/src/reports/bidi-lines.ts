// The order in which a line mixing right-to-left script (Arabic, Hebrew) with digits and Latin words
// is drawn, by the Unicode Bidirectional Algorithm (bidi-js, reordering included): the line is cut
// into runs of one direction, put in the order they are seen, from left to right
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
  const embedding = bidi.getEmbeddingLevels(line, direction);
  const levels: Uint8Array = embedding.levels;
  const mirrored: Map<number, string> = bidi.getMirroredCharactersMap(line, levels);
  // The line's characters (by index) in the order they are seen, from left to right, cut where the
  // level changes; a right-to-left run's read back in its own order.
  const seen: number[] = bidi.getReorderedIndices(line, embedding);
  const runs: { indexes: number[]; level: number }[] = [];
  for (const index of seen) {
    const last = runs[runs.length - 1];
    if (last && last.level === levels[index]) last.indexes.push(index);
    else runs.push({ indexes: [index], level: levels[index]! });
  }
  return runs.map(({ indexes, level }) => {
    const rightToLeft = level % 2 === 1;
    const read = rightToLeft ? indexes.reverse() : indexes;
    return {
      text: read.map((index) => mirrored.get(index) ?? line[index]!).join(''),
      direction: rightToLeft ? 'rtl' : 'ltr',
    };
  });
}
