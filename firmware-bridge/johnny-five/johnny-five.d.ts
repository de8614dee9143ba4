// The few parts of Johnny-Five 2.1 this project uses (the package ships no types).
declare module 'johnny-five' {
  import { EventEmitter } from 'node:events';
  export class Board extends EventEmitter {
    constructor(opts: { io: unknown; repl?: boolean; debug?: boolean; timeout?: number });
    io: unknown;
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
  }
  export class Servo {
    constructor(opts: { pin: number; board: Board; range?: [number, number]; startAt?: number });
    to(degrees: number, ms?: number): void;
  }
  export class Piezo {
    constructor(opts: { pin: number; board: Board });
    frequency(hz: number, ms: number): void;
    off(): void;
  }
  const five: { Board: typeof Board; Motor: typeof Motor; Button: typeof Button; Sensor: typeof Sensor; Servo: typeof Servo; Piezo: typeof Piezo };
  export default five;
}
