/**
 * The quickening ding of newer units (docs/launcher.md: they pulse their lights and sound faster
 * at each empty press until the launcher fires), as the profile's optional `dingPulse`: the same
 * length in the machine's ding event, on the device, in the serial TONE, on the Firmata buzzer
 * and in the terminal's words. No shipped profile sets it.
 */
import { describe, expect, it, vi } from 'vitest';
import { EN_WORDS } from '../../words/catalogue.ts';
import { compileProfile, dingMs, dingWords, ProfileError, validateProfileSpec, type ProfileSpec } from '../../emulator/profile.ts';
import { BUILTIN_PROFILES, resolveProfile } from '../../emulator/profiles.ts';
import { SerialLauncher } from '../../firmware-bridge/serial/driver.ts';
import { SeqCounter } from '../../firmware-bridge/serial/link.ts';
import { MemoryTransport } from '../../firmware-bridge/memory-transport.ts';
import { FakeBoard } from '../bridge/fake-board.ts';
import { deck, makeLauncher, record } from './helpers.ts';

const PULSE = { ms: 200, faster: 1.25, shortestMs: 100 };

/** Fires on the 4th press of every 4: three empty presses, then a burst. */
const spec = (dingPulse?: unknown): ProfileSpec => ({
  name: 'quickening', source: 'a test',
  fire: { model: 'schedule', period: 4, presses: [4] },
  burst: { law: 'uniform', min: 1, max: 1 },
  mechanics: { slip: 0, jam: 0, doubleFeed: 0, halfOut: 0 },
  ...(dingPulse === undefined ? {} : { dingPulse }),
} as ProfileSpec);

const quick = compileProfile(validateProfileSpec(spec(PULSE)));

describe('dingPulse: a ding that quickens at each empty press', () => {
  it('is validated like the other fields, each error one line naming the field', () => {
    const field = (v: unknown) => {
      try {
        validateProfileSpec(spec(v));
      } catch (e) {
        expect(e).toBeInstanceOf(ProfileError);
        expect((e as Error).message).not.toContain('\n');
        return (e as ProfileError).field;
      }
      return 'accepted';
    };
    expect(field(PULSE)).toBe('accepted');
    expect(field(150)).toBe('dingPulse');
    expect(field({ ...PULSE, ms: 0 })).toBe('dingPulse.ms');
    expect(field({ ...PULSE, faster: 0.5 })).toBe('dingPulse.faster');
    expect(field({ ...PULSE, shortestMs: 300 })).toBe('dingPulse.shortestMs');
    expect(field({ ...PULSE, quicker: 2 })).toBe('dingPulse.quicker');
    expect(() => validateProfileSpec(spec({ ...PULSE, faster: 'x' }))).toThrow('dingPulse.faster: must be a number, got "x"');
  });

  it('no shipped profile sets it: their dings carry no length', () => {
    for (const name of Object.keys(BUILTIN_PROFILES)) expect(resolveProfile(name).dingPulse, name).toBeNull();
    const plain = compileProfile(validateProfileSpec(spec()));
    expect(dingMs(plain, 3)).toBeNull();
    const { launcher } = makeLauncher({ profile: plain, supply: deck(20) });
    const seen = record(launcher);
    launcher.pressSync();
    expect(seen.filter((e) => e.type === 'ding')).toEqual([{ type: 'ding' }]);
  });

  it('the machine\'s ding and the device\'s tone have the same length: shorter at each empty press, down to the shortest, long again after a burst', () => {
    const { launcher, device } = makeLauncher({ profile: quick, supply: deck(20) });
    const seen = record(launcher);
    const fired: boolean[] = [];
    for (let i = 0; i < 8; i++) fired.push(launcher.pressSync().fired);
    expect(fired).toEqual([false, false, false, true, false, false, false, true]);
    const dings = seen.filter((e) => e.type === 'ding').map((e) => (e as { ms?: number }).ms);
    // 200, 200/1.25, 200/1.25², 200/1.25³ = 102.4 → 102; after the burst, 200 again.
    expect(dings).toEqual([200, 160, 128, 102, 200, 160, 128, 102]);
    expect(device.outputs.filter((o) => o.kind === 'tone').map((o) => (o as { ms?: number }).ms)).toEqual(dings);
    expect(dingMs(quick, 10)).toBe(100);
  });

  it('the terminal says it: the first ding plain, then how quick it is now', () => {
    expect(dingWords(quick, { ms: 200 }, EN_WORDS)).toBe('♪ ding');
    expect(dingWords(quick, { ms: 128 }, EN_WORDS)).toBe('♪ ding, quicker (128 ms)');
    expect(dingWords(compileProfile(validateProfileSpec(spec())), {}, EN_WORDS)).toBe('♪ ding');
  });

  it('the serial driver sends the ding\'s length in its TONE, and the kind\'s own without one', async () => {
    vi.useFakeTimers();
    try {
      const transport = new MemoryTransport('/dev/ttyACM0');
      FakeBoard.on(transport.board, { helloOnOpen: true });
      const opening = SerialLauncher.open({ transport, seq: new SeqCounter() });
      await vi.advanceTimersByTimeAsync(50);
      const hw = await opening;
      hw.tone('ding', 128);
      hw.tone('ding');
      await vi.advanceTimersByTimeAsync(5);
      expect(transport.sent.match(/TONE \d+ \d+/g)).toEqual(['TONE 1960 128', 'TONE 1960 120']);
      const closing = hw.close();
      await vi.advanceTimersByTimeAsync(5);
      await closing;
    } finally {
      vi.useRealTimers();
    }
  });
});
