/**
 * Which launcher the page plays with, and the state of a real or virtual one: the simulated
 * launcher (the machine alone), a board on USB through Web Serial ("Connect a launcher"), or the
 * real firmware on an emulated Uno in a worker ("Virtual launcher"). A real or virtual board is
 * one {@link SerialLauncher} over a line transport, opened once and kept across rounds; each
 * round's page launcher is built on it (`hardware`), on the real clock at 1× whatever the speed
 * setting (a motor runs at its own pace). What a person must know is kept here for the page to
 * say: the link lost and waited for, what to do at the launcher (reload, a jam), noise on the line.
 * The choice is kept in the browser's storage, so a reloaded page goes on with the same kind.
 */
import type { Key, Values, Words } from '../../../words/catalogue.ts';
import { why as virtualWhy } from 'virtual:launcher-firmware-status';
import type { LauncherHardware } from '../../../emulator/hardware.ts';
import type { Attention } from '../../../emulator/launcher.ts';
import type { SerialLauncher } from '../../../firmware-bridge/serial/driver.ts';
import type { LineTransport } from '../../../firmware-bridge/transport.ts';
import { knownLauncherPort, requestLauncherPort, webSerialName, webSerialSupport, type WebSerialPortInfo, type WebSerialTransport } from '../../../firmware-bridge/web-serial.ts';
import { createPageLauncher, type PageLauncher, type PageLauncherOptions } from '../launcher/index.ts';
import { onDevice } from '../../../table/launcher.ts';
import type { SaveStore } from '../session.ts';
import type { BoardTally } from './protocol.ts';
import type { WorkerTransport } from './worker-transport.ts';
import { noticeOf, noticeText, type Notice, type NoticeWords } from '../../../firmware-bridge/notices.ts';

/** The launcher the person picked. */
export type LauncherChoice = 'simulated' | 'serial' | 'virtual';

/** Where a real or virtual board is. */
export type LinkState = 'none' | 'connecting' | 'connected' | 'offline';

/**
 * Something the page says about the device, worded where it is shown (in the reader's language):
 * a catalogue key with its values, a board's error as the notice it is (a DeviceError's words),
 * or text as another part gave it (an error the page cannot word).
 */
export type Said = { key: Key; values?: Values } | { notice: NoticeWords } | { text: string };

/** {@link Said} in words. */
export function saidText(s: Said, w: Words): string {
  return 'text' in s ? s.text : 'notice' in s ? noticeText(s.notice, w) : w.t(s.key, s.values);
}

/** An error as the page says it: its notice when it is one (a board's, a port's), else its own text. */
function errorSaid(e: unknown): Said {
  const notice = noticeOf(e);
  return notice ? { notice } : { text: String((e as Error)?.message ?? e) };
}

/** What the page shows of the device. */
export interface DeviceShown {
  choice: LauncherChoice;
  link: LinkState;
  /** The board's name in messages: `web-serial:2341:0043`, `virtual`. */
  name: string | null;
  /** Why connecting failed, or why the game cannot start yet; null when all is well. */
  error: Said | null;
  /** What the person must do at the launcher now (reload it, free a jam), until the lid closes. */
  attention: Attention | null;
  /** The lid, as the board last said (null: not known). */
  lidOpen: boolean | null;
  /** Cards the game had from this board's launcher (its sensor's counts, as the machine heard them). */
  cards: number;
  /** The virtual board's own tally (null for a real one: only its firmware knows). */
  board: BoardTally | null;
  /** The last notice from the line (noise), if any. */
  notice: Notice | null;
}

/** The storage key of the launcher last chosen: `{"choice": …, "usb": {usbVendorId, usbProductId}}`. */
export const DEVICE_KEY = 'uno-extreme-launcher';

/** What the page keeps of the choice: the kind, and a USB board's ids (to find its port again). */
interface Kept {
  choice: LauncherChoice;
  usb?: WebSerialPortInfo;
}

function readKept(store: SaveStore): Kept | null {
  try {
    const v = JSON.parse(store.getItem(DEVICE_KEY) ?? 'null') as Partial<Kept> | null;
    if (v?.choice !== 'simulated' && v?.choice !== 'serial' && v?.choice !== 'virtual') return null;
    const id = (n: unknown) => (Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 0xffff ? (n as number) : undefined);
    return { choice: v.choice, ...(v.usb ? { usb: { usbVendorId: id(v.usb.usbVendorId), usbProductId: id(v.usb.usbProductId) } } : {}) };
  } catch {
    return null; // a damaged entry: the simulated launcher, as on a first visit
  }
}

/** Whether this browser can reach a USB launcher: null, or a sentence saying which browsers can. */
export const serialUnsupported: Said | null = (() => {
  const s = webSerialSupport(typeof navigator === 'undefined' ? undefined : (navigator as { serial?: unknown }));
  return s.ok ? null : { key: 'device.noSerial' };
})();

/** Null when the page has the firmware for the virtual launcher, else why not (the build's own reason). */
export const virtualUnsupported: Said | null = virtualWhy ? { key: 'device.noVirtual', values: { why: virtualWhy } } : null;

/** The page's launcher device, across games. */
export class PageDevice {
  private state: DeviceShown = { choice: 'simulated', link: 'none', name: null, error: null, attention: null, lidOpen: null, cards: 0, board: null, notice: null };
  private readonly listeners = new Set<() => void>();
  private hardware: SerialLauncher | null = null;
  private worker: WorkerTransport | null = null;
  private offs: (() => void)[] = [];
  /** What the virtual launcher's person is doing at the lid. */
  private virtualHands: 'reload' | 'replace' | 'jam' | null = null;
  /** Counts the choices made: a connection that finishes after another choice is dropped. */
  private generation = 0;
  private boardsReleased = 0;

  /**
   * `store` keeps the choice (the page's localStorage). The kept choice holds from here, before
   * {@link restore} connects it: a kept game does not start on the simulated launcher meanwhile.
   */
  constructor(private readonly store: SaveStore) {
    const kept = readKept(store);
    if (kept && kept.choice !== 'simulated') this.state = { ...this.state, choice: kept.choice, link: 'connecting', name: kept.usb ? webSerialName(kept.usb) : null };
  }

  /** What to show. */
  get shown(): DeviceShown {
    return this.state;
  }

  /** Hears every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(change: Partial<DeviceShown>): void {
    this.state = { ...this.state, ...change };
    for (const l of this.listeners) l();
  }

  /**
   * Picks a launcher. `virtual` starts the worker at once; `serial` waits for {@link connect}
   * (the browser asks the person for the port, which needs their click); `simulated` releases a board.
   */
  async choose(choice: LauncherChoice): Promise<void> {
    if (choice === this.state.choice && (choice !== 'virtual' || this.hardware)) return;
    const gen = ++this.generation;
    // Shown before the old board goes: the form's choice stays as the person made it meanwhile.
    this.set({ choice, link: 'none', name: null, error: null, attention: null, lidOpen: null, board: null, notice: null });
    this.keep({ choice });
    await this.release();
    if (choice === 'virtual') {
      if (virtualUnsupported) return this.set({ error: virtualUnsupported });
      this.set({ link: 'connecting' });
      // The worker, avr8js and the hex come in their own chunk, only for this choice.
      const { startVirtualLauncher } = await import('./virtual.ts');
      const transport = startVirtualLauncher();
      this.worker = transport;
      transport.onTally((board) => this.set({ board }));
      await this.open(transport, gen);
    }
  }

  /** Asks the browser for the launcher's USB port (call it from a click), then opens it. */
  async connect(): Promise<void> {
    const gen = ++this.generation;
    await this.release();
    this.set({ choice: 'serial', error: null, notice: null });
    const support = webSerialSupport(navigator as { serial?: unknown });
    if (!support.ok) return this.set({ error: serialUnsupported });
    let transport: WebSerialTransport;
    try {
      transport = await requestLauncherPort(support.serial);
    } catch (e) {
      const name = (e as { name?: string }).name;
      return this.set({ link: 'none', error: name === 'NotFoundError' ? { key: 'device.noPort' } : { key: 'device.portRefused', values: { error: (e as Error).message } } });
    }
    this.set({ link: 'connecting' });
    if (await this.open(transport, gen)) this.keep({ choice: 'serial', usb: transport.info });
  }

  /**
   * Takes up the launcher the page kept (call it once, as the page loads): the simulated one as
   * it is, the virtual one started again (a fresh board), a USB one found again among the ports
   * this browser allowed the site, without asking (no click needed). A USB launcher not plugged
   * in, or no longer allowed, is said in `error`: {@link connect} asks for it again, or the
   * simulated launcher is chosen. Until then the game waits ({@link ready}).
   */
  async restore(): Promise<void> {
    const kept = readKept(this.store);
    if (!kept || kept.choice === 'simulated') return;
    if (kept.choice === 'virtual') return this.choose('virtual');
    const gen = ++this.generation;
    await this.release();
    const name = kept.usb ? webSerialName(kept.usb) : null;
    this.set({ choice: 'serial', link: 'connecting', name, error: null, notice: null });
    const support = webSerialSupport(navigator as { serial?: unknown });
    if (!support.ok) return this.set({ link: 'none', error: { key: 'device.noSerialKept' } });
    const transport = await knownLauncherPort(support.serial, kept.usb).catch(() => null);
    if (gen !== this.generation) return;
    if (!transport) {
      return this.set({ link: 'none', error: { key: 'device.lastGone', values: { name: name ? ` (${name})` : '' } } });
    }
    await this.open(transport, gen);
  }

  private keep(k: Kept): void {
    try {
      this.store.setItem(DEVICE_KEY, JSON.stringify(k));
    } catch {
      // Storage refused (a private window): the choice holds for this page only.
    }
  }

  /**
   * Counts the boards released (another launcher chosen, or a connection replaced): a game whose
   * round was driving one must begin its round again on the launcher chosen now. Listeners hear
   * it change before the board closes.
   */
  get released(): number {
    return this.boardsReleased;
  }

  /** A game can play on the chosen launcher now: the simulated one, or a board opened (online or not). */
  get isReady(): boolean {
    return this.state.choice === 'simulated' || this.hardware !== null;
  }

  /** Resolves once {@link isReady} holds (at once if it does), or when `signal` aborts (a game stopped). */
  ready(signal: AbortSignal): Promise<void> {
    return new Promise<void>((done) => {
      const end = () => {
        off();
        signal.removeEventListener('abort', end);
        done();
      };
      const off = this.subscribe(() => this.isReady && end());
      signal.addEventListener('abort', end);
      if (this.isReady || signal.aborted) end();
    });
  }

  /**
   * The command session on `transport`: handshake (the board resets on open; its HELLO is waited
   * for). True once the board is the page's launcher.
   */
  private async open(transport: LineTransport, gen: number): Promise<boolean> {
    const { SerialLauncher } = await import('../../../firmware-bridge/serial/driver.ts');
    let hw: SerialLauncher;
    try {
      hw = await SerialLauncher.open({ transport, name: transport.path });
    } catch (e) {
      if (gen === this.generation) this.set({ link: 'none', error: errorSaid(e) });
      return false;
    }
    if (gen !== this.generation) return (await hw.close(), false);
    this.hardware = hw;
    this.offs.push(
      hw.onInput((i) => {
        if (i.type === 'LINK') this.set({ link: i.up ? 'connected' : 'offline', error: i.final ? { notice: i.final } : null });
        else if (i.type === 'LID') this.lid(i.open);
      }),
      hw.onNotice((_english, notice) => this.set({ notice })),
    );
    this.set({ link: 'connected', name: hw.name, error: null });
    return true;
  }

  private lid(open: boolean): void {
    this.set({ lidOpen: open, ...(open ? {} : { attention: null }) });
    if (open && this.virtualHands === 'jam') {
      this.virtualHands = null;
      this.worker?.setLid(false);
    }
  }

  private async release(): Promise<void> {
    for (const off of this.offs.splice(0)) off();
    const hw = this.hardware;
    this.hardware = null;
    if (hw) {
      this.boardsReleased++;
      this.set({});
    }
    this.worker?.terminate();
    this.worker = null;
    this.virtualHands = null;
    await hw?.close().catch(() => {});
  }

  /**
   * Why a game cannot start on the chosen launcher now (also shown as the error), or null: a board
   * chosen but not connected. A board that is offline now is fine: the game waits for it.
   */
  notReady(): Said | null {
    const s = this.state;
    if (s.choice === 'simulated' || this.hardware) return null;
    const why: Said = s.error ?? { key: s.link === 'connecting' ? 'device.stillConnecting' : 'device.connectFirst' };
    this.set({ error: why });
    return why;
  }

  /** The device the page's launcher drives: null for the simulated one. */
  get device(): LauncherHardware | null {
    return this.hardware;
  }

  /**
   * Builds a round's page launcher on the chosen device (what the game session calls for each
   * round): the simulated launcher as it is, or the machine driving the board at 1×. The machine
   * on a board starts empty: a board holds the cards a person put in it, which the page cannot
   * see (a virtual one restarted with the page holds none; a USB one may have lost some to a
   * burst cut short by a reload), so the round loads its supply into it (the person is asked), as
   * at the start of a game, and the game's supply and the board's cards agree from there
   * ({@link onDevice}).
   */
  readonly makeLauncher = (o: PageLauncherOptions): PageLauncher => {
    const hw = this.hardware;
    if (!hw) return createPageLauncher(o);
    const pl = createPageLauncher({ ...onDevice(o), speed: 1, hardware: hw });
    const l = pl.launcher;
    const offs = [
      l.on('card', () => this.set({ cards: this.state.cards + 1 })),
      l.onAttention((_english, what) => {
        this.set({ attention: what });
        if (this.worker) this.virtualPerson(what);
      }),
      // The virtual launcher's person puts the cards in once the machine has taken the reload.
      l.on('reloaded', (e) => {
        if ((this.virtualHands !== 'reload' && this.virtualHands !== 'replace') || !this.worker) return;
        this.worker.load(e.cards, this.virtualHands === 'replace');
        this.virtualHands = null;
        this.worker.setLid(false);
      }),
    ];
    return {
      launcher: l,
      setSpeed: () => {}, // a board's motor runs at its own pace
      dispose: () => {
        for (const off of offs) off();
        pl.dispose();
        hw.motor('stop'); // a game left mid-burst: the board stops now, not at its run limit
      },
    };
  };

  /** The virtual launcher has nobody at it: the page does what the attention asks (the lid, the cards). */
  private virtualPerson(what: Attention): void {
    const w = this.worker!;
    if (what.kind === 'reload') {
      // A machine started empty asks for what is left in the launcher to come out first (a new round's load).
      this.virtualHands = what.emptyFirst ? 'replace' : 'reload';
      w.setLid(true);
    } else if (what.kind === 'jam') {
      this.virtualHands = 'jam';
      w.setLid(true);
    } else w.setLid(false);
  }
}
