/** A mock-firmata board for the Johnny-Five driver's tests: the pins it writes, the levels it reads. */
import { createRequire } from 'node:module';
import { JohnnyFiveLauncher, REFERENCE_PINS } from '../../firmware-bridge/johnny-five/driver.ts';

const require = createRequire(import.meta.url);
const { Firmata } = require('mock-firmata') as { Firmata: new () => MockIo };

/** mock-firmata's io: an event emitter with Firmata's methods. */
export interface MockIo {
  emit(ev: string, ...a: unknown[]): void;
  [k: string]: unknown;
}

/** A mock-firmata board whose pins the test can read and drive. */
export class PinRig {
  readonly io: MockIo = new Firmata();
  readonly writes: Array<[string, number, number]> = [];
  private reads = new Map<string, (v: number) => void>();
  /** Pin state queries the board has not answered yet, oldest first. */
  private unanswered: Array<() => void> = [];
  /** Pin state queries the driver sent. */
  queries = 0;
  /**
   * False (the default): a pin state query is answered at once (a microtask later), after every
   * report {@link set} before it, as on an idle link. True: answers wait for {@link answer}, so a
   * test can have reports arrive between a query and its answer. mock-firmata has no wire and never
   * answers a query itself; the order the test gives reports and answers is the wire's order.
   */
  holdAnswers = false;

  constructor() {
    for (const m of ['digitalWrite', 'analogWrite', 'pwmWrite', 'servoWrite']) {
      const orig = this.io[m] as (...a: unknown[]) => unknown;
      this.io[m] = (pin: number, value: number) => {
        this.writes.push([m, pin, value]);
        return orig.call(this.io, pin, value);
      };
    }
    this.io.digitalRead = (pin: number, cb: (v: number) => void) => void this.reads.set(`D${pin}`, cb);
    this.io.analogRead = (pin: number, cb: (v: number) => void) => void this.reads.set(`A${pin}`, cb);
    this.io.queryPinState = (_pin: number, cb: () => void) => {
      this.queries++;
      if (this.holdAnswers) this.unanswered.push(cb);
      else queueMicrotask(cb);
    };
  }

  /** The board answers the queries it holds, oldest first; returns how many. */
  answer(): number {
    const held = this.unanswered.splice(0);
    for (const cb of held) cb();
    return held.length;
  }

  /** The board reports a pin's level: the driver hears the beam at once, the sensors' pins at their next 25 ms look. */
  set(pin: string, value: number): void {
    const cb = this.reads.get(pin);
    if (!cb) throw new Error(`nothing reads ${pin}`);
    cb(value);
  }

  /** The last value written to a pin by a method. */
  last(method: string, pin: number): number | undefined {
    return this.writes.filter(([m, p]) => m === method && p === pin).at(-1)?.[2];
  }

  /** Motor as the pins say: forward, reverse or stop. */
  motor(): 'forward' | 'reverse' | 'stop' {
    if (!this.last('analogWrite', REFERENCE_PINS.motorPwm)) return 'stop';
    return this.last('digitalWrite', REFERENCE_PINS.motorDir) === 1 ? 'forward' : 'reverse';
  }
}


/** Opens the driver on the rig's board, as Johnny-Five sees a board connect and get ready. */
export function openRig(rig: PinRig, name = 'firmata:mock'): Promise<JohnnyFiveLauncher> {
  const opening = JohnnyFiveLauncher.open({ io: rig.io, name, stallMs: 400 });
  rig.io.emit('connect');
  rig.io.emit('ready');
  return opening;
}
