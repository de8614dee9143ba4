/**
 * The oval table's geometry (web/src/ring.ts): the seats' angles and the middle left between the
 * seats and the arrows. The page's layout is measured in Chromium (test/browser/web-table.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { freeMiddle, seatDegrees } from '../../web/src/ring.ts';

describe('the oval table', () => {
  it('seats you at the bottom and the others clockwise in the order of play, evenly spaced', () => {
    expect([0, 1, 2, 3].map((seat) => seatDegrees(seat, 4, 0))).toEqual([90, 180, 270, 360]);
    // Whoever you are, you are at the bottom and the one after you to your left.
    expect([2, 3, 0, 1].map((seat) => seatDegrees(seat, 4, 2))).toEqual([90, 180, 270, 360]);
    expect(seatDegrees(7, 10, 6)).toBe(126);
  });

  it('gives the middle the room the obstacles leave, centred left to right, keeping the gap', () => {
    // A 900×400 ring with a seat at the top middle and one at each side.
    const top = { left: 400, top: 0, right: 500, bottom: 60 };
    const left = { left: 0, top: 170, right: 120, bottom: 230 };
    const right = { left: 780, top: 170, right: 900, bottom: 230 };
    expect(freeMiddle(900, 400, [top, left, right], 10)).toEqual({ width: 640, top: 70, height: 330 });
    // Nothing in the way: the whole ring.
    expect(freeMiddle(900, 400, [], 10)).toEqual({ width: 900, top: 0, height: 400 });
  });

  it('goes under a wide row of seats rather than squeeze between them', () => {
    // Seats along the top from edge to edge: the middle is under them, as wide as the ring.
    const row = [0, 300, 600].map((left) => ({ left, top: 0, right: left + 280, bottom: 80 }));
    expect(freeMiddle(900, 400, row, 10)).toEqual({ width: 900, top: 90, height: 310 });
  });
});
