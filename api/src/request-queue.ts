import { ServiceUnavailableError } from './service-unavailable';

/** How much each finished turn moves the mean length of a turn (a moving average of about the last ten). */
const MEAN_WEIGHT = 0.1;

/** A request's place: waiting for its turn, then working, then done. */
export interface Turn {
  /** Resolves when it is this request's turn; rejects with a 503 if it would be past its time limit. */
  ready: Promise<void>;
  /** Ends the turn, or leaves the queue unserved; once is enough, more does nothing. */
  done(): void;
}

interface Place {
  /** When its turn started (working), or undefined (waiting). */
  started?: number;
  start(): void;
  refuse(reason: string): void;
  timer?: NodeJS.Timeout;
}

/**
 * Requests take turns at the database: at most `size` work at once, the others wait in order of
 * arrival. A request is refused at once when the requests ahead of it, at the pace turns have lately
 * taken, would keep it past its time limit; one still waiting when only a turn's length is left of
 * its limit is refused then. So a burst is served as fast as the database can, and a real overload
 * is refused early instead of timing out late.
 */
export class RequestQueue {
  private readonly working = new Set<Place>();
  private readonly waiting: Place[] = [];
  /** The mean length of the last turns, in ms (none finished yet: undefined). */
  private meanMs: number | undefined;

  constructor(readonly size: number) {}

  /** Requests working now, and waiting for their turn. */
  get counts() {
    return { working: this.working.size, waiting: this.waiting.length };
  }

  /**
   * The length of a turn: the recent mean, or more while the turns under way are older than that
   * (a database that stalls shows there before any turn ends).
   */
  turnMs(now = performance.now()): number {
    let age = 0;
    for (const place of this.working) age += now - place.started!;
    return Math.max(this.meanMs ?? 0, this.working.size > 0 ? age / this.working.size : 0);
  }

  /** How long a request arriving now would wait for its turn. */
  expectedWaitMs(): number {
    if (this.working.size < this.size) return 0;
    return ((this.waiting.length + 1) * this.turnMs()) / this.size;
  }

  /** Throws the 503 when a request arriving now would wait past `limitMs` before its turn ended. */
  check(limitMs: number): void {
    const wait = this.expectedWaitMs();
    if (wait > 0 && wait + this.turnMs() > limitMs) {
      throw new ServiceUnavailableError(
        `Shedding load: a turn in ${Math.round(wait)} ms with ${this.waiting.length} requests waiting`,
      );
    }
  }

  /** A place for a request that must be answered within `limitMs`; throws the 503 if it cannot be. */
  take(limitMs: number): Turn {
    this.check(limitMs);
    const turn = this.turnMs();
    let place!: Place;
    let finished = false;
    const ready = new Promise<void>((resolve, reject) => {
      place = {
        start: () => {
          clearTimeout(place.timer);
          place.started = performance.now();
          this.working.add(place);
          resolve();
        },
        refuse: (reason) => {
          clearTimeout(place.timer);
          const at = this.waiting.indexOf(place);
          if (at >= 0) this.waiting.splice(at, 1);
          finished = true;
          reject(new ServiceUnavailableError(`Shedding load: ${reason}`));
        },
      };
    });
    if (this.working.size < this.size) {
      place.start();
    } else {
      place.timer = setTimeout(
        () => place.refuse('no turn within the time limit'),
        Math.max(0, limitMs - turn),
      );
      this.waiting.push(place);
    }
    return {
      ready,
      done: () => {
        if (finished) return;
        if (place.started === undefined) {
          // Gone before its turn (the client left): nothing waits for the answer.
          ready.catch(() => undefined);
          place.refuse('the request ended before its turn');
          return;
        }
        finished = true;
        this.working.delete(place);
        const length = performance.now() - place.started;
        this.meanMs =
          this.meanMs === undefined ? length : this.meanMs + (length - this.meanMs) * MEAN_WEIGHT;
        this.next();
      },
    };
  }

  private next(): void {
    while (this.working.size < this.size) {
      const place = this.waiting.shift();
      if (!place) return;
      place.start();
    }
  }
}
