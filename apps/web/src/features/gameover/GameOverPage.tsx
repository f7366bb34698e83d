// 'GAME OVER' (SPEC.md section 2): reason, final score, automatic leaderboard submission for unseeded games,
// View Game Stats and Main Menu (ends the session). A filed game says its place on its lists (today's and all
// time, or its Daily Run's day) and can be shared and replayed. Play Again and the Most Wanted List link end the
// session too: Play Again opens the name entry on the title with the player's name filled in.
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { finalScore } from '@drugwars/engine';
import type { SubmitScoreResponse } from '@drugwars/protocol';
import { ApiErrorCode } from '@drugwars/protocol/constants';
import { api } from '../../api/client';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { useDocumentTitle, useFocusOnShow } from '../../components/hooks';
import { announce } from '../../store/announcer';
import { formatMoney } from '../../lib/format';
import { getSessionId } from '../../storage/local';
import { toApiError } from '../../api/errorCatalogue';
import { endSession, handleApiError, refreshState } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';
import { ShareBlock } from './ShareBlock';
import { leaderboardLink, placeLines } from './places';
import { playAgainState } from '../../lib/playAgain';
import { lazyWithPreload } from '../../components/lazyWithPreload';

const StatsModal = lazyWithPreload(() => import('../stats/StatsModal'));

type Submission = 'pending' | 'ok' | 'failed' | null;

/** What the list said of a filed game: the Most Wanted List's words (SPEC.md), or the Daily Run's. */
function filedMessage(filed: SubmitScoreResponse | null): string {
  if (filed?.board === 'daily') return `Score submitted to the Daily Run of ${filed.dailyDate}!`;
  if (filed?.board === 'practice') return 'Practice run: only your first finished Daily Run of the day goes on the board.';
  return 'Score submitted to leaderboard!';
}

export default function GameOverPage() {
  const navigate = useNavigate();
  const gs = useGameStore((s) => s.gameState);
  const [loading, setLoading] = useState(gs === null || !gs.gameOver);
  const [submission, setSubmission] = useState<Submission>(null);
  const [filed, setFiled] = useState<SubmitScoreResponse | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);
  const submitted = useRef(false);
  /** Why the score can't go on the list (a game of older rules), shown instead of the failure line. */
  const [closedNote, setClosedNote] = useState<string | null>(null);
  const checked = useRef(false);

  /** Leaves for `path`, or for the store's redirect (the audit modal) when a failed call set one. */
  const leave = useCallback(
    (path: string) => {
      const { redirect } = useGameStore.getState();
      useGameStore.getState().resetGame(); // nothing queued for this game follows the player
      navigate(redirect ?? path, { replace: true });
    },
    [navigate],
  );

  // A state that is missing (reload) or not over (an address typed mid-game) is checked with the server once:
  // no game goes to the title; a game still running goes back to the game screen.
  useEffect(() => {
    if (gs?.gameOver || checked.current) return;
    checked.current = true;
    const sessionId = getSessionId();
    if (!sessionId) {
      leave('/');
      return;
    }
    setLoading(true);
    void refreshState().then((fresh) => {
      setLoading(false);
      if (!fresh) leave('/');
      else if (!fresh.gameOver) navigate(`/game?id=${encodeURIComponent(sessionId)}`, { replace: true });
    });
  }, [gs, navigate, leave]);

  useEffect(() => {
    if (!gs?.gameOver || gs.isSeeded || submitted.current) return;
    submitted.current = true;
    setSubmission('pending');
    api
      .submitScore()
      .then((res) => {
        setFiled(res);
        setSubmission('ok');
      })
      .catch((err: unknown) => {
        const e = toApiError(err);
        // the server's refusal of a second submit: the score is on the list already (a reload of this page)
        if (e.code === ApiErrorCode.ALREADY_SUBMITTED) {
          setSubmission('ok');
          return;
        }
        console.warn('score submission failed', err);
        if (e.code === ApiErrorCode.AUDIT_FAILURE) {
          handleApiError(e, 'other');
          leave('/');
          return;
        }
        // a game of older rules can't be scored any more: say so instead of a failure
        if (e.code === ApiErrorCode.RULES_CHANGED) {
          setClosedNote(e.message);
          setSubmission('failed');
          return;
        }
        setSubmission('failed');
      });
  }, [gs, leave]);

  const over = !loading && gs?.gameOver === true;
  useDocumentTitle(over ? 'GAME OVER' : null);
  // the end of the run: said at once, and the heading takes the focus
  const headingRef = useFocusOnShow<HTMLHeadingElement>(over);
  const endSaid = useRef(false);
  useEffect(() => {
    if (!over || !gs || endSaid.current) return;
    endSaid.current = true;
    announce(`GAME OVER. ${gs.gameOverReason || 'Game ended'} Final Score: ${formatMoney(finalScore(gs))}.`, { assertive: true });
  }, [over, gs]);

  if (loading || !gs?.gameOver) {
    return (
      <div className="screen gameover-screen">
        <main className="gameover-main">
          <h1 className="sr-only">DRUG WARS</h1>
          <LoadingOverlay />
        </main>
      </div>
    );
  }
  const reason = gs.gameOverReason || 'Game ended';
  const score = finalScore(gs);

  return (
    <div className="screen gameover-screen">
      <main className="gameover-main">
        <h1 className="gameover-title" ref={headingRef}>
          GAME OVER
        </h1>
        <p className="gameover-reason">{reason}</p>
        <p className="final-score">Final Score: {formatMoney(score)}</p>
        {gs.isSeeded ? (
          <p className="muted">Seeded game - Not eligible for leaderboard</p>
        ) : (
          <>
            <p className="player-line">{gs.player.name}</p>
            {submission === 'pending' && <p className="muted">Submitting score...</p>}
            {submission === 'ok' && <p className="success-text">{filedMessage(filed)}</p>}
            {submission === 'failed' && !closedNote && <p className="danger-text">Failed to submit score to leaderboard</p>}
            {closedNote && <p className="warning-text">{closedNote}</p>}
          </>
        )}
        {filed && placeLines(filed).length > 0 && (
          <ul className="gameover-places" aria-label="Your place">
            {placeLines(filed).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {filed && <ShareBlock filed={filed} gameState={gs} />}
        <div className="gameover-actions">
          <button type="button" className="btn btn-primary" onClick={() => void endSession().then(() => navigate('/', { state: playAgainState(gs.player.name) }))}>
            Play Again
          </button>
          <button type="button" className="btn" onClick={() => setStatsOpen(true)}>
            View Game Stats
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              void endSession().then(() => navigate('/'));
            }}
          >
            Main Menu
          </button>
        </div>
        <p>
          <Link
            to={leaderboardLink(filed)}
            onClick={(event) => {
              // the session ends on the way, as with Main Menu, so the title never offers this finished game
              event.preventDefault();
              void endSession().then(() => navigate(leaderboardLink(filed)));
            }}
          >
            See the Most Wanted List
          </Link>
        </p>
      </main>
      {statsOpen && (
        <Suspense fallback={<LoadingOverlay />}>
          <StatsModal onClose={() => setStatsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
