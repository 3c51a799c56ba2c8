import { useId } from 'react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { ALERT_FORM_TEXTS, LOGIN_PATH, isUnderPath } from '@prijsalarm/core';
import type { PlatformId } from '@prijsalarm/core';
import { PlatformFlag } from '../ui/PlatformFlag';
import type { PlatformOption } from './AlertEditor';

const texts = ALERT_FORM_TEXTS.platform;

interface PlatformCardsProps {
  options: readonly PlatformOption[];
  onSelect(platform: PlatformId): void;
  error?: string | undefined;
}

/**
 * Marktplaats and 2dehands as cards with name, flag and colour (core PLATFORMS). Available ones are
 * radio buttons; an unavailable one shows core's plan message and a link to unlock it.
 */
export function PlatformCards({ options, onSelect, error }: PlatformCardsProps) {
  const id = useId();
  return (
    <fieldset className="platforms" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="visually-hidden">{texts.groupLabel}</legend>
      <div className="platforms__grid">
        {options.map(({ info, available, selected, message, unlockPath }) => {
          const style = { '--platform-colour': info.colour } as CSSProperties;
          const face = (
            <>
              <span className="platform-card__flag">
                <PlatformFlag country={info.country} />
              </span>
              <span className="platform-card__name">{info.name}</span>
              <span className="platform-card__country">{texts.countries[info.country]}</span>
            </>
          );
          if (!available) {
            const toLogin = unlockPath !== null && isUnderPath(unlockPath, LOGIN_PATH);
            return (
              <div key={info.id} className="platform-card platform-card--locked" style={style}>
                {face}
                <p className="platform-card__message" id={`${id}-${info.id}-message`}>
                  {message}
                </p>
                {unlockPath && (
                  <Link
                    className="button button--secondary platform-card__unlock"
                    to={unlockPath}
                    aria-describedby={`${id}-${info.id}-message`}
                  >
                    {toLogin ? texts.toLogin : texts.toUpgrade}
                  </Link>
                )}
              </div>
            );
          }
          return (
            <label
              key={info.id}
              className={selected ? 'platform-card is-selected' : 'platform-card'}
              style={style}
            >
              <input
                className="platform-card__input"
                type="radio"
                name={`${id}-platform`}
                value={info.id}
                checked={selected}
                onChange={() => onSelect(info.id)}
              />
              {face}
              {selected && <span className="platform-card__badge">{texts.selected}</span>}
            </label>
          );
        })}
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
