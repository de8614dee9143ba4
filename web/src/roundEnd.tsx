/**
 * The end of a round before its scores, on the one-player page and on a game night's table
 * screen: the winner's moment (a short celebration; still there, unmoving, under reduced motion),
 * then every hand left, each card with its points and the sum.
 */
import { cardPoints, type CardId, type Points } from '../../game/cards.ts';
import { youOf } from '../../table/words.ts';
import { cardName } from '../../words/cards.ts';
import { MiniCard } from './cards.tsx';
import { useWords } from './lang.tsx';

export function RoundEnd({ names, hands, winner, points }: { names: readonly string[]; hands: readonly (readonly CardId[])[]; winner: number | null; points: Points }) {
  const w = useWords();
  return (
    <>
      {winner !== null && (
        <p class="celebration" role="status">
          <span class="burst" aria-hidden="true">{['★', '✦', '★', '✦', '★'].map((c, i) => <span key={i} style={{ '--i': i }}>{c}</span>)}</span>
          <strong>{w.t('event.roundOver', { who: names[winner], you: youOf(names[winner]) })}</strong>
        </p>
      )}
      <table class="round-hands">
        <caption>{w.t('page.handsLeft')}</caption>
        <thead>
          <tr><th scope="col">{w.t('page.player')}</th><th scope="col">{w.t('page.cardsPoints')}</th><th scope="col">{w.t('page.sum')}</th></tr>
        </thead>
        <tbody>
          {names.map((n, seat) => {
            const hand = hands[seat] ?? [];
            const each = hand.map((id) => cardPoints(points, id));
            return (
              <tr key={seat} data-seat={seat} class={seat === winner ? 'winner' : ''}>
                <th scope="row">{n}</th>
                <td>
                  {hand.length === 0 ? w.t('page.noneOut') : (
                    <ul class="hand-points">
                      {hand.map((id, i) => (
                        <li key={id} data-points={each[i]} aria-label={w.t('page.cardPoints', { card: cardName(id, w), n: each[i] })}>
                          <MiniCard id={id} /> <span aria-hidden="true">{each[i]}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td class="sum">{each.reduce((a, b) => a + b, 0)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
