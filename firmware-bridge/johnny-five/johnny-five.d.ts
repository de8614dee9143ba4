// The few parts of Johnny-Five 2.1 this project uses (the package ships no types).
declare module 'johnny-five' {
  import { EventEmitter } from 'node:events';
  export class Board extends EventEmitter {
    /** `timeout`: ms from the io's `connect` to its `ready`; `sigint: false` leaves Ctrl-C to the program. */
    constructor(opts: { io: unknown; repl?: boolean; debug?: boolean; sigint?: boolean; timeout?: number });
    io: unknown;
    /** The connect-to-ready timer (null before the io's `connect`, cleared on `ready`). */
    timer: ReturnType<typeof setTimeout> | null;
  }
  export class Motor {
    constructor(opts: { pins: { pwm: number; dir: number; cdir?: number }; board: Board });
    forward(speed: number): void;
    reverse(speed: number): void;
    stop(): void;
  }
  export class Button extends EventEmitter {
    constructor(opts: { pin: number; isPullup?: boolean; board: Board; holdtime?: number });
  }
  export class Sensor extends EventEmitter {
    constructor(opts: { pin: number | string; type?: 'digital' | 'analog'; freq?: number; threshold?: number; board: Board });
    readonly value: number;
    /** Stops its polling interval. */
    disable(): this;
  }
  export class Servo {
    constructor(opts: { pin: number; board: Board; range?: [number, number]; startAt?: number });
    to(degrees: number, ms?: number): void;
  }
  const five: { Board: typeof Board; Motor: typeof Motor; Button: typeof Button; Sensor: typeof Sensor; Servo: typeof Servo };
  export default five;
}
