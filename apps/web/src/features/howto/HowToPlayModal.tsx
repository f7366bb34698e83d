// 'HOW TO PLAY': the goal, the loop of a day, the risks (cops and gangs, heat, the loan shark) and the keys, in a
// few lines a new player reads before the first trade. The title opens it (a lazy chunk: the first screen does not
// load it) and the intro of a first game points to it once. The full list of shortcuts is the game's own `?`
// dialog; this names only the main keys. Keep it in step with README "How to play".
import { useEffect } from 'react';
import { DEFAULT_MAX_DAYS, LOAN_DUE_DAYS, STARTING_CASH, STARTING_DEBT } from '@drugwars/engine';
import { Modal, ModalButton } from '../../components/Modal';
import { formatMoney } from '../../lib/format';
import { setHowToPlaySeen } from '../../storage/local';

export interface HowToPlayModalProps {
  onClose: () => void;
}

export default function HowToPlayModal({ onClose }: HowToPlayModalProps) {
  // Read once is enough: the first game's intro stops pointing here.
  useEffect(() => setHowToPlaySeen(), []);
  return (
    <Modal title="HOW TO PLAY" onDismiss={onClose} className="how-to-play">
      <section aria-labelledby="howto-goal">
        <h3 id="howto-goal">The goal</h3>
        <p>
          Make as much money as you can in {DEFAULT_MAX_DAYS} days. You start in New York with {formatMoney(STARTING_CASH)},{' '}
          {formatMoney(STARTING_DEBT)} of it borrowed from the loan shark and due in {LOAN_DUE_DAYS} days. Your score is cash + bank - debt on the last
          day: drugs left unsold count for nothing.
        </p>
      </section>
      <section aria-labelledby="howto-day">
        <h3 id="howto-day">A day</h3>
        <p>
          Buy drugs where they are cheap, travel to where they sell high, and sell. Every trip, or a night where you
          are (Stay), is one day, and prices move every night: other cities show only the prices you last saw there,
          so listen to the rumors. Bank what you don&apos;t need (it pays interest), promotions give you a bigger coat, and the shop sells
          weapons and armor.
        </p>
      </section>
      <section aria-labelledby="howto-risks">
        <h3 id="howto-risks">The risks</h3>
        <ul>
          <li>
            <strong>Cops and gangs</strong> can jump you when you arrive: fight, run, bribe or surrender. Dying loses
            the cash on you.
          </li>
          <li>
            <strong>Heat</strong> comes with your cargo: the fuller your coat, the likelier and bigger the trouble and
            the harder it is to run. The travel screens show each city&apos;s danger and your odds tonight.
          </li>
          <li>
            <strong>The loan shark</strong> wants his money on time. Late, the debt grows faster and he visits every
            day, then sends his goons.
          </li>
        </ul>
      </section>
      <section aria-labelledby="howto-keys">
        <h3 id="howto-keys">Keys</h3>
        <p>
          Every frequent move has a key, shown on its button on a desktop. In the market, a row&apos;s number then{' '}
          <kbd>A</kbd> sells all of it and <kbd>M</kbd> buys the most you can; <kbd>F</kbd> then a city&apos;s number
          flies there and <kbd>Z</kbd> stays the night. In the game, press <kbd>?</kbd> for the list of every shortcut. <kbd>Enter</kbd> confirms, <kbd>Esc</kbd> closes a dialog, and <kbd>Tab</kbd> moves
          between buttons.
        </p>
      </section>
      <ModalButton label="Got it" variant="primary" onClick={onClose} />
    </Modal>
  );
}
