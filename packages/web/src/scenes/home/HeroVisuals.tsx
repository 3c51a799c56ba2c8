/**
 * What the hero shows besides its text: the two marketplaces (with their flags), the live figure
 * of ads checked today (from the server, never invented) and what an alert looks like — a phone
 * with an example message and mail drawn in HTML and CSS, marked as examples.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { PLATFORMS, PLATFORM_IDS, WEB_TEXTS, offersTelegram } from '@prijsalarm/core';
import { Icon, type IconName } from '../../components/ui/Icon';
import { PlatformFlag } from '../../components/ui/PlatformFlag';
import { useStores } from '../../stores/context';
import { LiveFigureStore } from './LiveFigureStore';

const texts = WEB_TEXTS.home;
const preview = texts.preview;

export function Marketplaces() {
  return (
    <div className="marketplaces">
      <span className="marketplaces__label">{texts.marketplacesLabel}</span>
      <ul className="marketplaces__list">
        {PLATFORM_IDS.map((id) => {
          const info = PLATFORMS[id];
          return (
            <li key={id} className="marketplaces__item">
              <PlatformFlag country={info.country} />
              <span>
                <strong>{info.name}</strong>{' '}
                <span className="marketplaces__country">
                  {texts.marketplaceCountry[info.country]}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export const LiveFigure = observer(function LiveFigure() {
  const { api } = useStores();
  const [store] = useState(() => new LiveFigureStore(api));
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    // The line keeps its height while the figure loads: the page does not shift.
    <p className="live-figure">
      {store.formatted && (
        <>
          <span className="live-figure__dot">{texts.listingsTodayLabel}</span>
          <span>{texts.listingsToday(store.formatted)}</span>
        </>
      )}
    </p>
  );
});

/**
 * The ad's photo, drawn: a racing bike against a summer sky. An SVG of a few hundred bytes
 * instead of a picture to download, so the hero paints with the HTML.
 */
function ListingPhoto() {
  return (
    <svg
      className="example-listing__photo"
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="example-photo-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#bae6fd" />
          <stop offset="0.62" stopColor="#e0f2fe" />
          <stop offset="0.62" stopColor="#d6d3d1" />
          <stop offset="1" stopColor="#a8a29e" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" fill="url(#example-photo-sky)" />
      <circle cx="50" cy="13" r="6" fill="#fde68a" />
      <g fill="none" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="17" cy="42" r="10" stroke="#292524" strokeWidth="2.5" />
        <circle cx="47" cy="42" r="10" stroke="#292524" strokeWidth="2.5" />
        <path
          d="M17 42 26 26h17l4 16M26 26l6 16 11-16M32 42H17M24 21h6M41 20l2 6"
          stroke="#c2410c"
          strokeWidth="3"
        />
        <path d="M38 20h6" stroke="#292524" strokeWidth="2.5" />
      </g>
    </svg>
  );
}

function ListingRow() {
  return (
    <div className="example-listing">
      <ListingPhoto />
      <span className="example-listing__text">
        <strong className="example-listing__title">{preview.listingTitle}</strong>
        <span className="example-listing__price">{preview.listingPrice}</span>
        <span className="example-listing__meta">
          {preview.listingPlace} · {preview.listingAge}
        </span>
      </span>
    </div>
  );
}

/** A lock-screen notification's first lines: the app, when, and who it is from. */
function PushHead({
  app,
  icon,
  name,
  time,
  from,
}: {
  app: 'telegram' | 'mail';
  icon: IconName;
  name: string;
  time: string;
  from: string;
}) {
  return (
    <>
      <div className="example-push__head">
        <span className={`example-push__app example-push__app--${app}`}>
          <Icon name={icon} size="sm" />
        </span>
        <span className="example-push__app-name">{name}</span>
        <span className="example-push__time">{time}</span>
      </div>
      <strong className="example-push__from">{from}</strong>
    </>
  );
}

/**
 * What an alert looks like where it arrives: a phone's lock screen with the new ad (its photo,
 * price and place) and a mail below it, drawn in HTML and CSS and marked as an example (the texts
 * are invented: core's WEB_TEXTS.home.preview). The ad arrives by Telegram only where the server
 * has a bot; otherwise it is the mail, and the one below an earlier mail. Both cases draw the same
 * two notifications, so the settings' answer changes no height.
 */
export const AlertPreview = observer(function AlertPreview() {
  const telegram = offersTelegram(useStores().settings.current);
  return (
    <section className="alert-preview" aria-labelledby="alert-preview-title">
      <h2 className="alert-preview__title" id="alert-preview-title">
        {preview.title} <span className="alert-preview__example">{preview.example}</span>
      </h2>
      <div className="phone">
        <div className="phone__screen">
          <div className="phone__status" aria-hidden="true">
            <span>{preview.telegramTime}</span>
            <span className="phone__island" />
            <span className="phone__battery" />
          </div>
          <p className="phone__clock" aria-hidden="true">
            {preview.telegramTime}
          </p>
          <p className="phone__date" aria-hidden="true">
            {preview.lockDate}
          </p>
          <figure className="example-telegram" aria-label={preview.telegramLabel}>
            {telegram ? (
              <PushHead
                app="telegram"
                icon="send"
                name={preview.telegramApp}
                time={preview.now}
                from={preview.telegramBot}
              />
            ) : (
              <PushHead
                app="mail"
                icon="mail"
                name={preview.mailApp}
                time={preview.now}
                from={preview.mailFrom}
              />
            )}
            <span className="example-telegram__text">
              <Icon name="bell" size="sm" /> {preview.telegramText}
            </span>
            <ListingRow />
          </figure>
          <figure className="example-mail" aria-label={preview.mailLabel}>
            <PushHead
              app="mail"
              icon="mail"
              name={preview.mailApp}
              time={telegram ? preview.mailTime : preview.earlierMailTime}
              from={preview.mailFrom}
            />
            <span className="example-mail__subject">{preview.mailSubject}</span>
            <span className="example-mail__intro">
              {preview.mailIntro}{' '}
              {telegram
                ? `${preview.listingTitle}, ${preview.listingPrice}`
                : preview.earlierListing}
            </span>
          </figure>
        </div>
      </div>
    </section>
  );
});
