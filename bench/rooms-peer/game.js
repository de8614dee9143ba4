// The room bench's peer game: a plain UNO for four seats written for boardgame.io, so that its
// server carries a room of the same shape as ours. Its state is sized like a room of ours: a
// 108-card deck (ours deals 112), four hands, the whole discard pile, the round's log of worded
// lines capped at 60 (LOG_LINES in table/session.ts), the seats' names and presence, totals and
// counters; each seat's view hides the deck and the others' hands and lists the cards it may play,
// as our view carries its question's moves. The server's own log of actions grows with every move, as our save's move log
// does. Plain JavaScript: the peer's server runs it with no loader, as ours runs compiled.

const COLOURS = ['R', 'Y', 'G', 'B'];
const COLOUR_WORDS = { R: 'Red', Y: 'Yellow', G: 'Green', B: 'Blue' };
const FACE_WORDS = { S: 'Skip', V: 'Reverse', D: 'Draw Two', W: 'Wild', F: 'Wild Draw Four' };
const HAND = 7;
const LOG_LINES = 60;
const NAMES = ['A', 'B', 'C', 'D'];

/** Every card once, as ids like ours (`R7#2`: colour, face, copy). */
function fullDeck() {
  const cards = [];
  for (const c of COLOURS) {
    cards.push(`${c}0#1`);
    for (const f of ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'S', 'V', 'D']) cards.push(`${c}${f}#1`, `${c}${f}#2`);
  }
  for (let i = 1; i <= 4; i++) cards.push(`WW#${i}`, `WF#${i}`);
  return cards;
}

const colourOf = (card) => card[0];
const faceOf = (card) => card[1];
const isWild = (card) => card[0] === 'W';
const worded = (card) => (isWild(card) ? FACE_WORDS[faceOf(card)] : `${COLOUR_WORDS[colourOf(card)]} ${FACE_WORDS[faceOf(card)] ?? faceOf(card)}`);

/** May `card` be played on this state (a draw penalty waiting is met only by another Draw Two)? */
function playable(G, card) {
  const top = G.discard[G.discard.length - 1];
  if (G.pending > 0) return faceOf(card) === 'D' && !isWild(card);
  return isWild(card) || colourOf(card) === G.colour || faceOf(card) === faceOf(top);
}

function say(G, line) {
  G.log.push(line);
  if (G.log.length > LOG_LINES) G.log.splice(0, G.log.length - LOG_LINES);
}

/** Takes the deck's top card, shuffling the discard (all but its top) back when the deck is out. */
function take(G, random) {
  if (G.deck.length === 0) {
    const top = G.discard.pop();
    G.deck = random.Shuffle(G.discard);
    G.discard = [top];
  }
  return G.deck.pop();
}

/** Deals a round: every card shuffled, seven to each seat, the first card that is not a wild turned up. */
function deal(G, random) {
  const deck = random.Shuffle(fullDeck());
  G.hands = NAMES.map(() => deck.splice(0, HAND));
  const first = deck.findIndex((c) => !isWild(c));
  G.discard = deck.splice(first, 1);
  G.deck = deck;
  G.colour = colourOf(G.discard[0]);
  G.direction = 1;
  G.pending = 0;
  G.moves = 0;
  G.log = [`Round ${G.round + 1}: ${worded(G.discard[0])} turned up`];
}

/** The seat after `seat`, `steps` on in the direction of play. */
const after = (G, seat, steps) => (((seat + steps * G.direction) % 4) + 4) % 4;

/** A card's points at a round's end, as UNO counts them. */
const points = (card) => (isWild(card) ? 50 : /[SVD]/.test(faceOf(card)) ? 20 : Number(faceOf(card)));

/** Plays the hand's `index`-th card; a wild names `colour`. */
function play({ G, playerID, random }, index, colour) {
  const seat = Number(playerID);
  const hand = G.hands[seat];
  const card = hand[index];
  if (card === undefined || !playable(G, card) || (isWild(card) && !COLOURS.includes(colour))) return 'INVALID_MOVE';
  hand.splice(index, 1);
  G.discard.push(card);
  G.colour = isWild(card) ? colour : colourOf(card);
  G.moves++;
  say(G, `${NAMES[seat]} played ${worded(card)}${isWild(card) ? ` and named ${COLOUR_WORDS[colour].toLowerCase()}` : ''}`);
  if (hand.length === 0) {
    const won = G.hands.reduce((n, h) => n + h.reduce((m, c) => m + points(c), 0), 0);
    G.totals[seat] += won;
    G.round++;
    deal(G, random);
    G.next = seat;
    return;
  }
  const face = faceOf(card);
  if (face === 'V') G.direction = -G.direction;
  if (face === 'D') G.pending += 2;
  if (face === 'F') {
    const victim = after(G, seat, 1);
    for (let i = 0; i < 4; i++) G.hands[victim].push(take(G, random));
    say(G, `${NAMES[victim]} draws 4 and is skipped`);
  }
  G.next = after(G, seat, face === 'S' || face === 'F' ? 2 : 1);
}

/** Draws one card, or the Draw Twos waiting. */
function draw({ G, playerID, random }) {
  const seat = Number(playerID);
  const n = Math.max(1, G.pending);
  for (let i = 0; i < n; i++) G.hands[seat].push(take(G, random));
  G.pending = 0;
  G.moves++;
  say(G, `${NAMES[seat]} drew ${n === 1 ? '1 card' : `${n} cards`}`);
  G.next = after(G, seat, 1);
}

export const UnoPeer = {
  name: 'uno',
  // Seeded: the same seed deals the same rounds.
  seed: 'rooms-bench',
  setup: ({ random }) => {
    const G = { seats: NAMES.map((name) => ({ name, status: { kind: 'here' } })), deck: [], hands: [], discard: [], colour: 'R', direction: 1, pending: 0, next: 0, round: 0, moves: 0, totals: [0, 0, 0, 0], log: [] };
    deal(G, random);
    return G;
  },
  turn: {
    // Each move ends its seat's turn; the move has already chosen who plays next.
    maxMoves: 1,
    order: { first: () => 0, next: ({ G }) => G.next },
  },
  // Moves run on the server only (`client: false`): a client's view holds no deck and no other hands to run them on.
  moves: { play: { move: play, client: false }, draw: { move: draw, client: false } },
  // What a seat sees: its own hand and the cards of it that it may play (the table screen, no
  // seat, sees neither); the others' hands as counts; the deck as a count.
  playerView: ({ G, playerID }) => {
    const seat = playerID === null || playerID === undefined ? -1 : Number(playerID);
    const { deck, hands, ...shown } = G;
    const hand = seat >= 0 ? hands[seat] : null;
    const playing = hand ? hand.flatMap((c, i) => (playable(G, c) ? [i] : [])) : null;
    return { ...shown, seat, hand, playable: playing, handSizes: hands.map((h) => h.length), deckCount: deck.length };
  },
};
