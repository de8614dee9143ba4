/**
 * How long a test may take. Every test and hook gets {@link TEST_MS} (vitest.config.ts); one that
 * needs more names the work it waits for from here, in units a reader can check against the test:
 * `it('…', …, 3 * PROGRAM_RUN_MS)` for three program runs one after another, `PAGE_START_MS` for
 * the hook that builds and serves the page. A test that outgrows its budget is made faster or
 * split into separate `it`s; a budget is never raised for one slow day, and no test in test/
 * raises its limit with a bare number.
 *
 * Each budget is the work's time on the 2-core machine the suite is measured on, with room for
 * that machine being shared by a few jobs, where work takes two to three times as long as on idle
 * cores. A machine loaded far past that fails tests on time: rerun them when it is quieter.
 */

/**
 * The suite's default for a test or a hook (vitest.config.ts): in-process tests take milliseconds,
 * and one short {@link PROGRAM_RUN_MS} fits in it. A test that hangs fails after this, not after
 * a minute.
 */
export const TEST_MS = 10_000;

/**
 * How long `expect.poll` waits for what a page or a process shows (vitest.config.ts): below
 * {@link TEST_MS}, so a poll that never holds fails with what it saw rather than with the test's
 * timeout; a re-render or a line of output arrives in milliseconds, even loaded.
 */
export const POLL_MS = 5_000;

/**
 * One `uno-extreme` child process started and run to its end on a short command (a few games,
 * presses, a refusal): node starts and loads the CLI (compiled once per version of its sources,
 * lib/compiled.js: about 0.4 s of CPU), then the command's own work.
 */
export const PROGRAM_RUN_MS = 8_000;

/**
 * The package made and installed as a user gets it (test/e2e/packed.test.ts): `npm pack` of the
 * clone, whose prepack bundles the program and the worker with esbuild and finds fresh the page
 * the suite's global setup built (about 1 s), then `npm install` of the tarball into an empty
 * folder from npm's cache, which CI's `npm ci` has just filled (about 6 s: npm resolving and
 * writing some eighty packages).
 */
export const PACK_INSTALL_MS = 30_000;

/**
 * A file's page and browser ready: `uno-extreme web` building the page with Vite when its sources
 * are newer than web/dist, and serving it, Chromium launched beside it; several test files may
 * build at once. The `beforeAll` of
 * test/browser/web.ts's `useWeb`, and of launcher.test.ts, which builds its fixture page the same way.
 */
export const PAGE_START_MS = 30_000;

/**
 * One test's work on the game's page in Chromium that goes past a few clicks: a fresh page, a New
 * game, and a whole round played at instant speed by clicks or keys (up to a hundred of the
 * person's moves, each waiting on the page's render), or a reload and a game played on from it.
 */
export const CHROMIUM_PAGE_MS = 30_000;

/**
 * A round against the ISMCTS bots at their default budget (300 playouts a move): tens of moves
 * of search, whether it runs in the page's worker or in a program.
 */
export const SEARCH_ROUND_MS = 120_000;

/**
 * A stretch of play on the emulated ATmega328P paced to the wall clock (a launcher runs at 1×, as
 * its motor does): the board's boot and handshake, then bursts of cards at the roller's pace. A
 * budget per stretch that boots a board and runs a few presses; avr8js runs the 16 MHz CPU at half
 * real time or less on a loaded machine, so each second of board time may take two or more.
 */
export const BOARD_REAL_TIME_MS = 30_000;

/**
 * The real StandardFirmata on the emulated board, from power-on to an answered handshake: its
 * bootloader-like blink (about 2 s of board time), firmata-io's 5 s before it asks a board that
 * did not reset, at the emulated CPU's pace.
 */
export const FIRMATA_BOOT_MS = 20_000;

/**
 * The lid opened before each of about 1700 instructions of the launcher's firmware on the emulated
 * ATmega328P (test/firmware/firmware-lid-sweep.test.ts): for each, a FWD and a command sent and
 * answered and the lid held open 2 ms, about 8 ms of board time, which avr8js runs at two to three
 * times real time on an idle core: 4 s idle.
 */
export const LID_SWEEP_MS = 20_000;

/**
 * avr-gcc compiling the launcher's sketch with the Arduino core (firmware-bridge/firmware/build.sh)
 * when its cache has no build for these sources: the Arduino core and the sketch, file by file.
 */
export const FIRMWARE_BUILD_MS = 120_000;

/**
 * A game played through the real program in a terminal (tmux): the program's start, then up to a
 * few hundred decisions, each a key sent and the screen read back until it changes.
 */
export const TERMINAL_GAME_MS = 30_000;

/**
 * A whole round at a game night in one Chromium: a table screen and three phones (a browser
 * context each) on the real server, every move of the people a click on their phone waiting for
 * the server's answer to come back to every page (up to a hundred and fifty moves), with every
 * WebSocket frame read; or a phone closed and opened again in the middle of one.
 */
export const GAME_NIGHT_ROUND_MS = 120_000;

/**
 * A position for a browser test found in Node (test/browser/positions.ts): a seeded match played
 * through the session by a scripted person until the hand or the question wanted holds (about 5 s
 * on the shared machine).
 */
export const POSITION_SEARCH_MS = 15_000;

/**
 * A whole round at a table of rooms played over real WebSockets by scripted clients (three people
 * and a bot, test/cli/rooms-socket.test.ts), every message each client gets checked: 2 to 5 s on
 * the shared machine.
 */
export const ROOM_ROUND_MS = 10_000;

/**
 * The mean of one run of the program's `main` inside the test's own process over a batch of small
 * inputs (a fuzz test's cases): no start-up and no compile; a refusal takes a millisecond, a fit of
 * a log that parses (tested against every shipped profile) a second or more.
 */
export const IN_PROCESS_RUN_MS = 200;

/**
 * A whole match played in the test's process by bots and a scripted person (several rounds, to a
 * target of hundreds of points), quit and resumed from its save along the way: 1 to 3 s on the
 * shared machine.
 */
export const MATCH_MS = 20_000;

/**
 * 30 games of a rule set with a search (ISMCTS) seat on a small budget, every move checked against
 * the rules' invariants (test/game/ismcts-invariants.test.ts): 3 to 8 s on the shared machine;
 * extreme-fr's up to 8 s alone, its search seat asked in every catch race (a forgotten UNO asks
 * every seat at once), so twice that with the suite's other files on two cores.
 */
export const SEARCH_GAMES_MS = 30_000;
