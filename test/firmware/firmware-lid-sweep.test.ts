/**
 * The lid interlock as an invariant: wherever the CPU is when the lid opens, the motor driver's
 * three pins are low within 100 µs and stay low while the lid is open.
 *
 * Regression (issue 41): buzzerStop() cleared the piezo's bit of PORTB with a read-modify-write,
 * and PORTB holds the driver's pins too. A lid opened between its read and its write (a TONE
 * during a FWD at duty 255) had its interrupt's cut written back over 14 µs later: the motor ran on
 * with the lid open while STATUS said `motor=STOP duty=0`. Each test here runs a full-duty (or
 * part-duty) forward run on the emulated board, stops the CPU before one instruction of a path,
 * opens the lid there, and watches the pins; then again at the next instruction, on the same board.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Command } from '../../firmware-bridge/codec.ts';
import { CYCLES_PER_MS } from '../../firmware-bridge/avr/board.ts';
import { firmwareFunction, firmwareMap, firmwareSymbol } from '../../firmware-bridge/avr/firmware.ts';
import { loadHex } from '../../firmware-bridge/avr/hex.ts';
import { instructionAddresses } from '../../firmware-bridge/avr/instructions.ts';
import type { LauncherRig } from '../../firmware-bridge/avr/rig.ts';
import { LID_SWEEP_MS } from '../budgets.ts';
import { boot, hex } from './boot.ts';

beforeAll(() => void hex());

/** The interlock's promise: the driver's pins all low this soon after the lid opens. */
const CUT_US = 100;
/** How long the lid stays open each time: more than two passes of loop() (each under 1 ms). */
const HOLD_MS = 2;
/** How long after its command is sent a path has to reach the instruction. */
const WINDOW_MS = 8;

/** Each instruction of the named functions (mangled, as in the firmware's map): address → `name+offset`. */
function instructionsOf(names: string[]): Map<number, string> {
  const flash = loadHex(hex());
  const out = new Map<number, string>();
  for (const name of names) {
    const { address, size } = firmwareFunction(name);
    for (const at of instructionAddresses(flash, address, size)) out.set(at, `${name}+0x${(at - address).toString(16)}`);
  }
  return out;
}

/**
 * Sends FWD at `duty`, then `trigger` once the FWD's reply is in, as the host does (one command in
 * flight, PROTOCOL.md); returns the two sequence numbers and a step that sends the trigger when due.
 */
function pair(rig: LauncherRig, duty: number, trigger: Command): { seqs: number[]; due: () => void } {
  const from = rig.received.length;
  const seqs = [rig.send({ verb: 'FWD', duty, ms: 10000 })];
  const due = () => {
    if (seqs.length === 1 && replied(rig, seqs[0], from)) seqs.push(rig.send(trigger));
  };
  return { seqs, due };
}

/** The board answered command `seq` (ACK or NAK) in a line received at index `from` or later. */
function replied(rig: LauncherRig, seq: number, from: number): boolean {
  return rig.messages(undefined, from).some((m) => (m.type === 'ACK' || m.type === 'NAK') && m.seq === seq);
}

/** Simulated time between two looks at the replies while the CPU runs to an instruction, ms. */
const LOOK_MS = 0.1;

/**
 * Each instruction the CPU executes while a FWD at `duty` and then each of `triggers` are sent and
 * run for {@link WINDOW_MS}: the paths a sweep with those triggers reaches. Address → `name+offset`
 * (or the address alone, outside every mapped function: avr-libc's helpers).
 */
function instructionsRun(rig: LauncherRig, duty: number, triggers: Command[]): Map<number, string> {
  const seen = new Set<number>();
  for (const trigger of triggers) {
    const { due } = pair(rig, duty, trigger);
    for (let ms = 0; ms < WINDOW_MS; ms += LOOK_MS) {
      rig.board.runTracing(LOOK_MS * CYCLES_PER_MS, seen);
      due();
    }
  }
  const functions = Object.entries(firmwareMap().code);
  const out = new Map<number, string>();
  for (const at of [...seen].sort((a, b) => a - b)) {
    const f = functions.find(([, { address, size }]) => at >= address && at < address + size);
    out.set(at, f ? `${f[0]}+0x${(at - f[1].address).toString(16)}` : `0x${at.toString(16)}`);
  }
  return out;
}

/** What one opening of the lid did. */
interface Opening {
  /** Where the CPU was: `function+offset`. */
  where: string;
  /** µs from the opening to the last fall of a driver pin; Infinity when one was still high at the end. */
  cutUs: number;
}

/** The outcome of a sweep: one opening per instruction reached, and the instructions never reached. */
interface Sweep {
  openings: Opening[];
  unreached: string[];
}

/**
 * For each instruction of `targets`: sends FWD at `duty` and one of `triggers` (the next when the
 * instruction was not reached), runs the CPU to that instruction while the motor drives forward,
 * opens the lid there for {@link HOLD_MS}, and measures when the driver's pins last fell.
 */
function sweep(rig: LauncherRig, targets: Map<number, string>, duty: number, triggers: Command[]): Sweep {
  const { motorPwm, motorDirA, motorDirB } = rig.pins;
  const board = rig.board;
  let lastFall = 0;
  for (const pin of [motorPwm, motorDirA, motorDirB]) board.onPin(pin, (high, cycle) => void (high || (lastFall = cycle)));
  const driven = () => [motorPwm, motorDirA, motorDirB].some((p) => board.output(p));
  // The firmware's own word that the motor runs forward (motor.h's MOTOR_FWD): from the moment a FWD
  // sets it, through the pins' start, to the cut.
  const state = firmwareSymbol('_ZL5state').address;
  const forward = () => board.cpu.data[state] === 1;
  const sweep: Sweep = { openings: [], unreached: [] };
  for (const [at, where] of targets) {
    const stop = new Set([at]);
    let reached = false;
    for (const trigger of triggers) {
      const from = rig.received.length;
      const { seqs, due } = pair(rig, duty, trigger);
      for (const end = rig.ms + WINDOW_MS; !reached && rig.ms < end; due()) {
        if (rig.runToAddress(stop, Math.min(LOOK_MS, end - rig.ms)) === undefined) continue;
        // The FWD's own line may pass the instruction before the motor is on: only a running motor counts.
        if (forward()) reached = true;
        else board.run(1);
      }
      if (reached) {
        const openedAt = board.cpu.cycles;
        rig.setLid(true);
        rig.runFor(HOLD_MS);
        const cutUs = driven() ? Infinity : Math.max(0, lastFall - openedAt) / (CYCLES_PER_MS / 1000);
        sweep.openings.push({ where, cutUs });
        rig.setLid(false);
      }
      const answered = () => (due(), seqs.length === 2 && seqs.every((seq) => replied(rig, seq, from)));
      if (!rig.runUntil(answered, 50)) throw new Error(`no reply to FWD and ${trigger.verb} at ${where}: ${JSON.stringify(rig.transcript.slice(-300))}`);
      if (rig.board !== board) throw new Error(`the board reset during the sweep, at ${where}: ${rig.transcript.slice(-200)}`);
      if (reached) break;
    }
    if (!reached) sweep.unreached.push(where);
  }
  return sweep;
}

/** The openings that broke the promise, worded for the failure message. */
function late(s: Sweep): string[] {
  return s.openings.filter((o) => !(o.cutUs <= CUT_US)).map((o) => `${o.where}: ${o.cutUs === Infinity ? `pins still driven ${HOLD_MS} ms after the lid opened` : `cut after ${o.cutUs.toFixed(1)} µs`}`);
}

describe('the lid opened at any instruction cuts the motor within 100 µs and keeps it cut', () => {
  it('in the buzzer\'s start and stop paths and its interrupt, a TONE during a FWD at duty 255', () => {
    const rig = boot();
    const targets = instructionsOf(['_Z11buzzerStartjj', '_Z10buzzerStopv', '__vector_9']);
    // Every branch of buzzerStart: a pitch of one overflow (n = 1), one past the slowest (n clamped
    // to 255) whose time is too short for a toggle, silence both ways; the 1961 Hz one ends in its
    // interrupt.
    const tones: Command[] = [[1961, 1], [1, 1], [0, 5], [5, 0]].map(([hz, ms]) => ({ verb: 'TONE', hz, ms }));
    const s = sweep(rig, targets, 255, tones);
    expect(late(s)).toEqual([]);
    expect(s.unreached).toEqual([]);
    expect(s.openings.length).toBe(targets.size);
  });

  it('in the reply path: a line built, checked, queued and handed to the UART, its interrupt', () => {
    const rig = boot();
    const targets = instructionsOf([
      '_ZL9sendReplyjPKc', '_Z7txBeginv', '_Z6txCharc', '_Z10crc8Updatehh', '_ZL5txPutc', '_Z5txStrPKc',
      '_Z5txStrPK19__FlashStringHelper', '_Z5txNumm', '_Z5txEndv', '_Z6txSend6TxKind', '_Z6txPumpv',
      '_ZN14HardwareSerial5writeEh', '_ZN14HardwareSerial17availableForWriteEv',
      '_ZN14HardwareSerial17_tx_udr_empty_irqEv', '__vector_19',
    ]);
    // An ACK, and a NAK (its code after the number).
    const s = sweep(rig, targets, 255, [{ verb: 'PING' }, { verb: 'TONE', hz: 3000, ms: 5 }]);
    expect(late(s)).toEqual([]);
    // What one command in flight never reaches: a queue too full for a reply (txSend drops it, or an
    // event waits), and HardwareSerial's wait on a full buffer (txPump writes only what fits).
    const flood = new Set(['_Z6txSend6TxKind', '_ZN14HardwareSerial5writeEh', '_ZN14HardwareSerial17availableForWriteEv']);
    expect(s.unreached.filter((w) => !flood.has(w.split('+')[0]))).toEqual([]);
    expect(s.openings.length).toBeGreaterThan(0.95 * targets.size);
  });

  it('in every instruction a FWD at duty 200 runs, with a PING or a FWD: the loop, the inputs, the motor, the interrupts', () => {
    const rig = boot();
    // At a part duty Timer2 drives the motor's PWM pin (TCCR2A's COM2A1), which the lid's interrupt
    // disconnects: a write of TCCR2A that undid it would leave the pin pulsing. A second FWD while
    // the motor runs takes motorRun through the change of duty.
    const triggers: Command[] = [{ verb: 'PING' }, { verb: 'FWD', duty: 100, ms: 10000 }];
    const targets = instructionsRun(rig, 200, triggers);
    rig.runFor(10);
    const s = sweep(rig, targets, 200, triggers);
    expect(late(s)).toEqual([]);
    // A few instructions of the trace come only at a moment a sweep's window may miss (a millis()
    // tick, a line split across two passes of loop()).
    expect(s.unreached.length).toBeLessThan(targets.size / 100);
  }, LID_SWEEP_MS);
});

describe('loop() cuts the driver itself, whatever the motor\'s state says (defence in depth)', () => {
  /** Data address of PORTB (D8..D13: the driver's pins on an Uno) and of PCICR (the pin-change interrupts' enable). */
  const PORTB = 0x25;
  const PCICR = 0x68;
  /** Bits of PORTB for the driver's pins (D9, D11, D12 on port B). */
  const driverBits = (rig: LauncherRig) => [rig.pins.motorPwm, rig.pins.motorDirA, rig.pins.motorDirB].reduce((b, pin) => b | (1 << (pin - 8)), 0);
  const driven = (rig: LauncherRig) => [rig.pins.motorPwm, rig.pins.motorDirA, rig.pins.motorDirB].some((p) => rig.board.output(p));

  it('a stray write that drives the pins while the motor is stopped is undone within a pass of loop(), lid open or closed', () => {
    const rig = boot();
    for (const lidOpen of [true, false]) {
      rig.setLid(lidOpen);
      rig.runFor(40);
      // What the race of issue 41 left: PORTB written back with the driver's pins high, STATUS saying STOP.
      rig.board.cpu.writeData(PORTB, rig.board.cpu.data[PORTB] | driverBits(rig));
      expect(driven(rig)).toBe(true);
      const from = rig.board.ms;
      expect(rig.runUntil(() => !driven(rig), 2), `lid ${lidOpen ? 'open' : 'closed'}`).toBe(true);
      expect(rig.board.ms - from).toBeLessThan(1);
    }
  });

  it('with the lid\'s interrupt lost, opening the lid still stops a running motor within a pass of loop() (STOPPED LID)', () => {
    const rig = boot();
    rig.command({ verb: 'FWD', duty: 255, ms: 5000 });
    rig.runFor(20);
    rig.board.cpu.writeData(PCICR, 0); // the pin-change interrupt no longer fires
    const from = rig.received.length;
    rig.setLid(true);
    const openedAt = rig.board.ms;
    expect(rig.runUntil(() => !driven(rig), 2)).toBe(true);
    expect(rig.board.ms - openedAt).toBeLessThan(1);
    expect(rig.waitFor('STOPPED', 5, from)).toEqual({ type: 'STOPPED', reason: 'LID' });
    rig.command({ verb: 'STATUS' });
    expect(rig.messages('STATUS', from)[0]).toMatchObject({ motor: 'STOP', duty: 0 });
    rig.runFor(50);
    expect(driven(rig)).toBe(false);
  });
});
