/** A test as jest's sequencer sees it: its file and the project it belongs to. */
export interface SequencedTest {
  path: string;
  duration?: number;
  context: { config: Record<string, unknown> };
}
/** Jest's test sequencer, with files in groups and the slowest first (sequencer.cjs). */
declare class Slowest {
  constructor(options: { contexts: unknown[]; globalConfig: unknown });
  sort(tests: SequencedTest[]): SequencedTest[];
}
export = Slowest;
