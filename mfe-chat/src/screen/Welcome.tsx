// Empty chat: the welcome panel greeting the assistant by name, the farm's cards (forecast or
// setup invitation), and the suggestions strip (the first
// 5 tips by priority, More shows all 13, Less folds back) with its footer hint.
import { Suspense, useId, useMemo, useState } from 'react';
import { textButtonClass, useAppInfo, useLanguage, useT } from '@kasa/ui';
import { useIdleMount } from '@kasa/ui/prefetch';
import { messages } from '../messages';
import { lazyOrNothing } from '../shared/lazy-or-nothing';
import { starterTips, TIPS_SHOWN_FIRST, type StarterTip } from './tips';

/** More / Less: MUI's medium text button, on static classes. */
const MORE_CLASS = textButtonClass({ size: 'medium' });

export function SuggestionsStrip({ onPick }: { onPick: (tip: StarterTip) => void }) {
  const t = useT(messages);
  const { language } = useLanguage();
  const tips = useMemo(() => starterTips(language), [language]);
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const hintId = useId();
  const shown = expanded ? tips : tips.slice(0, TIPS_SHOWN_FIRST);
  return (
    <section aria-label={t('suggestions')} data-testid="suggestions">
      {/* Static classes (libs/ui/src/static.css): the first screen of a new chat inserts no CSS. */}
      <ul id={listId} aria-describedby={hintId} className="kasa-tips">
        {shown.map((tip) => (
          <li key={tip.id}>
            <button
              type="button"
              className="kasa-tip"
              data-testid="tip"
              data-tip-id={tip.id}
              onClick={() => onPick(tip)}
            >
              <span className="kasa-tip-title">{tip.title}</span>
              <span className="kasa-tip-text">{tip.description}</span>
              <span className="kasa-tip-category">{t(`category_${tip.category}`)}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="kasa-tips-footer">
        <p id={hintId} data-testid="suggestions-hint" className="kasa-tips-hint">
          {t('suggestionsHint')}
        </p>
        <button
          type="button"
          className={MORE_CLASS}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((e) => !e)}
          style={{ fontWeight: 700 }}
        >
          {expanded ? t('less') : t('more')}
        </button>
      </div>
    </section>
  );
}

// The farm's cards come once the screen is idle: their code and requests never hold up the first screen.
const FarmPanel = lazyOrNothing(() => import('../farm/FarmPanel'));

export function WelcomePanel({
  onPick,
  onAsk,
}: {
  onPick: (tip: StarterTip) => void;
  /** Sends a question at once (the forecast card's "what does this mean for my farm"). */
  onAsk: (question: string) => void;
}) {
  const t = useT(messages);
  const { assistantName } = useAppInfo();
  const farmShown = useIdleMount();
  return (
    <div className="kasa-welcome">
      <section data-testid="chat-welcome" className="kasa-welcome-card">
        <h2 className="kasa-welcome-title">{t('welcomeTitle', { assistantName })}</h2>
        <p className="kasa-welcome-text">{t('welcomeText')}</p>
      </section>
      <SuggestionsStrip onPick={onPick} />
      {/* Below the suggestions: arriving later, it moves nothing already on the screen. */}
      {farmShown && (
        <Suspense fallback={null}>
          <FarmPanel onAsk={onAsk} />
        </Suspense>
      )}
    </div>
  );
}
