/**
 * Layouts that hold: at each screen size people use, in English and in French (whose words are
 * longer), in each state a turn can be in (a plain turn, a press of the launcher asked, a colour
 * or a target to pick, a Coup Extrême under way, a 30-card hand), every control of the page is
 * inside the window, clear of the other controls and of the lines beside it, its words whole
 * (none clipped, none broken inside a word), and where it is tapped is itself. On a touch screen
 * a big hand (13 cards, 30) is read and tapped card by card: each card's middle is that card's,
 * and a tap there plays it. A failing layout leaves its screenshot in the temporary folder.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import type { CardId, Move } from '../../game/index.ts';
import { CHROMIUM_PAGE_MS, POSITION_SEARCH_MS } from '../budgets.ts';
import { needs } from '../tools.ts';
import { hoarder, positionWhere } from './positions.ts';
import { openPage, useWeb, waitForPerson } from './web.ts';
import type { Ask, GameSession } from '../../web/src/session.ts';

const SHOTS = path.join(tmpdir(), 'uno-extreme-screenshots');
const SIZES = [[1024, 768], [1280, 800], [1366, 768], [1920, 1080], [390, 844], [360, 640]] as const;

type PlayMove = Extract<Move, { type: 'play' }>;
const plays = (ask: Ask) => ask.moves.filter((m): m is PlayMove => m.type === 'play');
const distinct = <T,>(xs: T[]) => new Set(xs).size;
/** A card whose play the page narrows by `step` (a colour; a target, after its colour when it takes one), if any. */
function cardNarrowedBy(ask: Ask, step: 'colour' | 'target'): CardId | null {
  for (const id of new Set(plays(ask).map((m) => m.card))) {
    const ms = plays(ask).filter((m) => m.card === id);
    const colours = distinct(ms.map((m) => m.colour ?? null));
    const targets = distinct(ms.map((m) => m.target ?? null));
    if (step === 'colour' ? colours > 1 : targets > 1) return id;
  }
  return null;
}

/**
 * A state of the table, reached by opening a save and, for a play under way, tapping its card:
 * what a test lays out. `pick`: the card to tap to open the step; `tap`: a card played by a tap
 * alone (one move, no step), for the touch check.
 */
interface State {
  name: string;
  save: string;
  pick?: CardId;
  /** The card to tap and then its colour (the first offered), for its target to pick. */
  target?: CardId;
  tap?: CardId;
}

/** The state of the first seed whose question `holds` accepts; `card` is what `holds` chose there. */
async function stateWhere(name: string, holds: (ask: Ask, s: GameSession) => CardId | boolean | null, o: Parameters<typeof positionWhere>[1], as: 'pick' | 'target' | 'tap' | null = null): Promise<State> {
  let chosen: CardId | null = null;
  const { save } = await positionWhere((ask, s) => {
    const got = holds(ask, s);
    if (typeof got === 'string') chosen = got;
    return got !== null && got !== false;
  }, o);
  return as && chosen ? { name, save, [as]: chosen } : { name, save };
}

/** A card of the middle of a hand played by one move, no step. */
function oneMoveCard(ask: Ask): CardId | null {
  const ids = [...new Set(plays(ask).map((m) => m.card))].filter((id) => plays(ask).filter((m) => m.card === id).length === 1);
  return ids[Math.floor(ids.length / 2)] ?? null;
}

/** Finds each state's save (the page's own session, run in Node). */
function states(): Promise<State[]> {
  const turn = (ask: Ask) => ask.mode === 'turn';
  return Promise.all([
    stateWhere('a turn', (ask) => turn(ask) && plays(ask).length > 0, { players: 4 }),
    stateWhere('a press asked', (ask) => ask.mode === 'press', { players: 4 }),
    stateWhere('a colour to pick', (ask) => (turn(ask) ? cardNarrowedBy(ask, 'colour') : null), { players: 4 }, 'pick'),
    stateWhere('a target to pick', (ask) => (turn(ask) ? cardNarrowedBy(ask, 'target') : null), { players: 4 }, 'target'),
    stateWhere('a Coup Extrême under way', (ask, s) => ask.mode === 'press' && s.state.pending?.kind === 'press' && s.state.pending.reason === 'coupExtreme', { players: 4 }),
    stateWhere('a 13-card hand', (ask, s) => (turn(ask) && s.state.hands[0].length === 13 ? oneMoveCard(ask) : null), { players: 3, person: hoarder }, 'tap'),
    stateWhere('a 30-card hand', (ask, s) => turn(ask) && s.state.hands[0].length === 30, { players: 3, person: hoarder, from: 20 }),
  ]);
}

/**
 * What is wrong with the layout now: every control (and, beside them, every line of words) of
 * what can be used (an open dialog, else the page) checked against the window, the others, the
 * boxes that clip it, and its own words. Cards of the hand overlap by design: each is checked by
 * the part of it the next card leaves (its corner index), and on a touch screen by its middle.
 */
function layoutProblems(page: Page, touch: boolean): Promise<string[]> {
  return page.evaluate((touch) => {
    const problems: string[] = [];
    const modal = document.querySelector('dialog[open]');
    const scope: ParentNode = modal ?? document;
    const nameOf = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40) || el.className || el.tagName;
    // An element's box as far as it shows: cut by every box above it that clips (a scrolled log's
    // lines above its top are not on the screen).
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      let [l, t, rt, b] = [r.left, r.top, r.right, r.bottom];
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const cs = getComputedStyle(a);
        // A box with no box of its own (display: contents) clips nothing.
        if (cs.overflow === 'visible' || cs.display === 'contents') continue;
        const q = a.getBoundingClientRect();
        [l, t, rt, b] = [Math.max(l, q.left), Math.max(t, q.top), Math.min(rt, q.right), Math.min(b, q.bottom)];
      }
      return new DOMRect(l, t, Math.max(0, rt - l), Math.max(0, b - t));
    };
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return false;
      if (el.closest('.visually-hidden, .ul-sr, [hidden], [inert]')) return false;
      return el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    };
    const controls = [...scope.querySelectorAll<HTMLElement>('button, select, input:not([type=file]):not([type=hidden]), label.button, summary, a[href], [role=button]')].filter(shown);
    const cards = controls.filter((c) => c.matches('.hand button.card'));
    const others = controls.filter((c) => !cards.includes(c) && box(c).height > 1);
    // The lines beside the controls: what a person reads next to a button must not run under it.
    const lines = [...scope.querySelectorAll<HTMLElement>('*')].filter((el) => !el.matches('button, select, option, label.button, summary, a') && !el.closest('.face, .hand, button, select') && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim()) && shown(el) && box(el).height > 1);
    const meet = (a: DOMRect, b: DOMRect) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const W = document.documentElement.clientWidth;
    // Past a phone's width the page is one screen (styles.css): nothing below its foot can be scrolled to.
    const oneScreen = innerWidth > 760;
    for (const c of controls) {
      const r = c.getBoundingClientRect();
      const name = nameOf(c);
      if (r.left < -0.5 || r.right > W + 0.5) problems.push(`${name}: past the window's side (${Math.round(r.left)}–${Math.round(r.right)} of ${W})`);
      if (r.top + scrollY < -0.5 || (oneScreen && r.bottom > innerHeight + 0.5)) problems.push(`${name}: past the window's top or foot (${Math.round(r.top)}–${Math.round(r.bottom)} of ${innerHeight})`);
      // Whole on the screen: no box above it (a scroller included: a control half out of a small
      // scroller is missed) hides any of it.
      const seen = box(c);
      if (seen.width < r.width - 1 || seen.height < r.height - 1) {
        let clip = c.parentElement!;
        while (clip !== document.body && (getComputedStyle(clip).overflow === 'visible' || getComputedStyle(clip).display === 'contents' || !(r.top < clip.getBoundingClientRect().top - 1 || r.bottom > clip.getBoundingClientRect().bottom + 1 || r.left < clip.getBoundingClientRect().left - 1 || r.right > clip.getBoundingClientRect().right + 1))) clip = clip.parentElement!;
        problems.push(`${name}: ${seen.height <= 1 || seen.width <= 1 ? 'out of sight' : 'partly hidden'} in ${clip.className || clip.tagName}`);
      }
      if (!c.matches('select, input') && (c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1)) problems.push(`${name}: its words run out of it`);
    }
    // Clear of each other, and of the lines: boxes that meet, one not inside the other.
    const apart = [...others, ...lines];
    others.forEach((a, i) => {
      for (const b of apart.slice(i + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        if (meet(box(a), box(b))) problems.push(`${nameOf(a)} meets ${nameOf(b)}`);
      }
      for (const c of cards) if (meet(box(a), box(c))) problems.push(`${nameOf(a)} meets the card ${nameOf(c)}`);
    });
    // Where a control is pointed at (its middle) is the control; a card's, its corner index, and on a touch screen its middle too.
    const hits = (el: Element, x: number, y: number) => el.contains(document.elementFromPoint(x, y));
    // The page scrolled (a phone's) to bring a control into the window; boxes inside it keep their scroll.
    const bringIn = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.bottom > innerHeight) scrollBy(0, r.top - innerHeight / 2);
    };
    for (const c of others) {
      bringIn(c);
      const r = box(c);
      if (r.bottom > 0 && r.top < innerHeight && r.height > 1 && !hits(c, r.left + r.width / 2, r.top + r.height / 2)) problems.push(`${nameOf(c)}: its middle is under ${nameOf(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) ?? document.body)}`);
    }
    for (const c of cards) {
      bringIn(c);
      const i = box(c.querySelector('.corner-top')!);
      if (!hits(c, i.left + i.width / 2, i.top + i.height / 2)) problems.push(`${nameOf(c)}: its corner index is covered`);
      // A finger lands on the middle of a card's width, where its face shows (at its corner index's height: the row in front may cover its foot).
      const r = c.getBoundingClientRect();
      if (touch && !hits(c, r.left + r.width / 2, i.top + i.height / 2)) problems.push(`${nameOf(c)}: a tap on its middle is another card's`);
    }
    // Words kept whole: a word of a control or a line laid over two lines is broken ("Batter/y").
    for (const el of [...controls.filter((c) => !cards.includes(c)), ...lines, ...scope.querySelectorAll('.face .value')]) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        for (const m of t.textContent!.matchAll(/[\p{L}\p{N}’'-]{2,}/gu)) {
          const range = document.createRange();
          range.setStart(t, m.index);
          range.setEnd(t, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
          if (tops.size > 1) problems.push(`"${m[0]}" broken over two lines in ${nameOf(el)}`);
        }
      }
    }
    return [...new Set(problems)];
  }, touch);
}

async function openSave(page: Page, text: string): Promise<void> {
  await page.locator('.bar label.file input[type=file]').setInputFiles({ name: 'position.json', mimeType: 'application/json', buffer: Buffer.from(text) });
}

describe.runIf(needs('chromium'))('layouts that hold at every size, in every state, in English and French (real Chromium)', () => {
  const web = useWeb();
  let found: Promise<State[]>;
  beforeAll(() => {
    found = states();
    found.catch(() => {}); // failed, it fails each test that awaits it
  });

  for (const lang of ['en', 'fr'] as const) {
    for (const [width, height] of SIZES) {
      const touch = width < 500;
      it(`${lang} at ${width}×${height}${touch ? ' (touch)' : ''}`, async () => {
        const { page, errors } = await openPage(web.browser, web.server.url, { viewport: { width, height }, locale: lang === 'fr' ? 'fr-FR' : 'en-GB', hasTouch: touch, isMobile: touch });
        await page.waitForFunction(() => document.querySelector('dialog[open]') !== null);
        await page.keyboard.press('Escape');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        const problems: string[] = [];
        for (const s of await found) {
          await openSave(page, s.save);
          await waitForPerson(page);
          if (s.pick) {
            await page.locator(`.hand button.card[data-card="${s.pick}"]`).click();
            await page.locator('dialog[open] .choices').waitFor();
          }
          if (s.target) {
            await page.locator(`.hand button.card[data-card="${s.target}"]`).click();
            await page.locator('dialog[open] .choices').waitFor();
            const colours = page.locator('dialog[open] .choices.colours button');
            if (await colours.count()) await colours.first().click();
            await page.locator('dialog[open] .choices:not(.colours)').waitFor();
          }
          const now = await layoutProblems(page, touch);
          if (now.length) {
            mkdirSync(SHOTS, { recursive: true });
            await page.screenshot({ path: path.join(SHOTS, `fit-${lang}-${width}x${height}-${s.name.replace(/\W+/g, '-')}.png`) });
          }
          problems.push(...now.map((p) => `${s.name}: ${p}`));
          if (s.pick || s.target) await page.keyboard.press('Escape');
          // A finger on a card's middle plays that card, not its neighbour.
          if (touch && s.tap) {
            const hand = page.locator('.hand button.card');
            const before = await hand.count();
            const tapped = page.locator(`.hand button.card[data-card="${s.tap}"]`);
            await tapped.scrollIntoViewIfNeeded();
            const r = (await tapped.boundingBox())!;
            const i = (await tapped.locator('.corner-top').boundingBox())!;
            await page.touchscreen.tap(r.x + r.width / 2, i.y + i.height / 2);
            // Played, or refused in words (a card that cannot be played was hit).
            await expect.poll(async () => (await hand.count()) < before || (await page.locator('.actions .message').count()) > 0).toBe(true);
            if (await page.locator(`.hand button.card[data-card="${s.tap}"]`).count()) problems.push(`${s.name}: a tap on the middle of ${s.tap} played another card`);
          }
        }
        // A phone's menu, folded behind its button: open, every one of its controls in the window too.
        const toggle = page.locator('.bar .menu-toggle');
        if (await toggle.isVisible()) {
          await toggle.click();
          await page.locator('.bar nav').waitFor();
          problems.push(...(await layoutProblems(page, touch)).map((p) => `the menu open: ${p}`));
          await toggle.click();
        }
        expect(problems).toEqual([]);
        expect(errors).toEqual([]);
      }, POSITION_SEARCH_MS + CHROMIUM_PAGE_MS); // the positions searched in Node (the first test) and seven saves laid out
    }
  }
});
