/**
 * The line transport: what the command session (`serial/session.ts`) needs of a wire to a board
 * running this project's firmware, and nothing else. Types only, in the spirit of
 * node-serialport's `BindingInterface`: each way of reaching a board implements it.
 *
 * - `serial/node-port.ts`: a serial port through the `serialport` package (Node).
 * - `web-serial.ts`: a serial port through the browser's Web Serial API (`navigator.serial`).
 * - `memory-transport.ts`: an in-memory pair whose other end a test scripts.
 * - `avr/transport.ts`: the compiled firmware on the emulated board (avr8js), no port at all.
 *
 * A transport carries bytes; the session frames and decodes them (`codec.ts`, `LineDecoder`), so
 * every transport gets the same handshake, numbering, retries, resync and garbage handling.
 */
import type { NoticeWords } from './notices.ts';

/** Why a link ended without the session closing it. */
export interface LinkEnd {
  /** The board went away (unplugged, its USB device vanished), as opposed to an I/O error. */
  unplugged: boolean;
  /**
   * What happened, as a notice's words (`the port vanished (unplugged?)`, `port error: …`): data
   * only, so a transport (the virtual launcher's worker among them) carries no catalogue.
   */
  reason: NoticeWords;
}

/** What an open link tells the session. Called from the transport's own events, never synchronously from `open`. */
export interface LinkEvents {
  /** Bytes from the board, in order, in chunks of any size (a line may be split across chunks). */
  data(chunk: Uint8Array): void;
  /** The link ended by itself (an unplug, an I/O error); not called after the session's own `close()`. */
  ended(end: LinkEnd): void;
}

/** One open connection to a board. */
export interface Connection {
  /** Sends text as latin1 bytes (one framed line, or a bare `\n`); never throws (a dead link reports through `ended`). */
  write(text: string): void;
  /** Closes the connection and releases the port (its lock, the browser's stream locks); resolves when it is released. */
  close(): Promise<void>;
}

/**
 * A way to reach one board: each `open` is a new connection (the first one, and each reconnect
 * after an unplug). Opening may reset the board (an Uno's DTR): the session waits for its HELLO.
 */
export interface LineTransport {
  /** Where the board is, as the user named it (`/dev/ttyACM0`, `web-serial:2341:0043`): in every message. */
  readonly path: string;
  /**
   * Opens a connection. Rejects with a `DeviceError` (port-errors.ts) whose words say what to
   * do: missing, busy, permission denied; or, as the operating system does, with an errno `code`
   * that the link explains the same way (serial/link.ts).
   */
  open(events: LinkEvents): Promise<Connection>;
}
