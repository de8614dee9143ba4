/**
 * Counting what presses did: cards per press, the hazard by presses since the last burst, burst
 * sizes. Used by the launcher console's `--json`, by tests of the profiles and by profile fitting.
 */
import type { PressResult } from './core.ts';

/** One press as logged (`--log`): the same format for the emulator and a real device. */
export interface PressLogLine {
  /** Time on the launcher's clock, ms (simulated or wall). */
  time: number;
  /** `profile:NAME` for the emulator, `serial:PATH` / `firmata:PATH` for a device. */
  source: string;
  ding: boolean;
  cards: number;
  jam: boolean;
  fired?: boolean;
  empty?: boolean;
  halfOut?: boolean;
  ignored?: string;
}

/** Running counts over presses. */
export class PressTally {
  presses = 0;
  dings = 0;
  /** cardsPerPress[n] = dinged presses that gave n cards. */
  cardsPerPress: number[] = [];
  /** atRisk[k-1] = presses that were the k-th since the last burst; fired[k-1] = of those, fired. */
  atRisk: number[] = [];
  fired: number[] = [];
  bursts = 0;
  burstCards = 0;
  /** burstSizes[n] = bursts that gave n cards. */
  burstSizes: number[] = [];
  jams = 0;
  empties = 0;
  halfOuts = 0;
  brownouts = 0;
  reloads = 0;

  /**
   * Counts one press. `bucket` is the press's rank since the last burst when the launcher
   * reports it (the emulator does); fitting a real device's log infers it from the sequence.
   */
  add(r: Pick<PressResult, 'dinged' | 'cards' | 'jam' | 'empty' | 'halfOut' | 'brownout'> & { fired?: boolean; bucket?: number }): void {
    this.presses++;
    if (!r.dinged) return;
    this.dings++;
    const n = r.cards.length;
    this.cardsPerPress[n] = (this.cardsPerPress[n] ?? 0) + 1;
    // A burst is a press that fired (emulator) or, seen from outside, one that gave cards.
    const burst = r.fired ?? n > 0;
    if (r.bucket !== undefined && r.bucket > 0) {
      const k = r.bucket - 1;
      this.atRisk[k] = (this.atRisk[k] ?? 0) + 1;
      if (burst) this.fired[k] = (this.fired[k] ?? 0) + 1;
    }
    if (burst) {
      this.bursts++;
      this.burstCards += n;
      this.burstSizes[n] = (this.burstSizes[n] ?? 0) + 1;
    }
    if (r.jam) this.jams++;
    if (r.empty) this.empties++;
    if (r.halfOut) this.halfOuts++;
    if (r.brownout) this.brownouts++;
  }

  /** P(fire at the k-th press since the last burst), k = 1, 2, … (null where no press was at risk). */
  fireHazard(): Array<number | null> {
    return this.atRisk.map((n, k) => (n ? (this.fired[k] ?? 0) / n : null));
  }

  /** The summary the console's `--json` prints (merged with the run's own fields). */
  summary(): {
    presses: number; dings: number; cardsPerPress: Record<string, number>; meanCardsPerPress: number;
    pNoCards: number; fireHazard: Array<number | null>; bursts: number; meanBurst: number; reloads: number; jams: number;
    halfOuts: number; empties: number; brownouts: number;
  } {
    const cardsPerPress: Record<string, number> = {};
    let cards = 0;
    this.cardsPerPress.forEach((c, n) => {
      if (c) {
        cardsPerPress[String(n)] = c;
        cards += c * n;
      }
    });
    const round = (x: number) => Math.round(x * 10000) / 10000;
    return {
      presses: this.presses,
      dings: this.dings,
      cardsPerPress,
      meanCardsPerPress: round(this.dings ? cards / this.dings : 0),
      pNoCards: round(this.dings ? (this.cardsPerPress[0] ?? 0) / this.dings : 0),
      fireHazard: this.fireHazard().map((h) => (h === null ? null : round(h))),
      bursts: this.bursts,
      meanBurst: round(this.bursts ? this.burstCards / this.bursts : 0),
      reloads: this.reloads,
      jams: this.jams,
      halfOuts: this.halfOuts,
      empties: this.empties,
      brownouts: this.brownouts,
    };
  }
}
