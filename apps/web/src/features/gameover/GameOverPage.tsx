// 'GAME OVER' (SPEC.md section 2): reason, final score, automatic leaderboard submission for unseeded games,
// View Game Stats and Main Menu (ends the session).
import { Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { formatMoney } from '../../lib/format';
import { StatsModal } from '../../plugins';
import { getSessionId } from '../../storage/local';
import { endSession, refreshState } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';

type Submission = 'pending' | 'ok' | 'failed' | null;

export default function GameOverPage() {
  const navigate = useNavigate();
  const gs = useGameStore((s) => s.gameState);
  const [loading, setLoading] = useState(gs === null);
  const [submission, setSubmission] = useState<Submission>(null);
  const [statsOpen, setStatsOpen] = useState(false);
  const submitted = useRef(false);

  useEffect(() => {
    if (gs) return;
    if (!getSessionId()) {
      navigate('/', { replace: true });
      return;
    }
    void refreshState().finally(() => setLoading(false));
  }, [gs, navigate]);

  useEffect(() => {
    if (!gs || gs.isSeeded || submitted.current) return;
    submitted.current = true;
    setSubmission('pending');
    api
      .submitScore()
      .then(() => setSubmission('ok'))
      .catch((err) => {
        console.warn('score submission failed', err);
        setSubmission('failed');
      });
  }, [gs]);

  if (loading && !gs) return <LoadingOverlay />;
  const reason = gs?.gameOverReason || 'Game ended';
  const score = gs ? gs.player.cash + gs.player.bank - gs.player.debt : 0;

  return (
    <div className="screen gameover-screen">
      <main className="gameover-main">
        <h1 className="gameover-title">GAME OVER</h1>
        <p className="gameover-reason">{reason}</p>
        <p className="final-score">Final Score: {formatMoney(score)}</p>
        {gs?.isSeeded ? (
          <p className="muted">Seeded game - Not eligible for leaderboard</p>
        ) : (
          <>
            {gs && <p className="player-line">{gs.player.name}</p>}
            {submission === 'pending' && <p className="muted">Submitting score...</p>}
            {submission === 'ok' && <p className="success-text">Score submitted to leaderboard!</p>}
            {submission === 'failed' && <p className="danger-text">Failed to submit score to leaderboard</p>}
          </>
        )}
        <div className="gameover-actions">
          {StatsModal && gs && (
            <button type="button" className="btn" onClick={() => setStatsOpen(true)}>
              View Game Stats
            </button>
          )}
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              void endSession().then(() => navigate('/'));
            }}
          >
            Main Menu
          </button>
        </div>
      </main>
      {statsOpen && StatsModal && (
        <Suspense fallback={<LoadingOverlay />}>
          <StatsModal onClose={() => setStatsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
