/**
 * What the hero shows besides its text: the two marketplaces (with their flags), the live figure
 * of ads checked today (from the server, never invented) and what an alert looks like — an
 * example mail and Telegram message drawn in HTML and CSS, marked as examples.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { PLATFORMS, PLATFORM_IDS, STRINGS } from '@prijsalarm/core';
import { Icon } from '../../components/ui/Icon';
import { PlatformFlag } from '../../components/ui/PlatformFlag';
import { useStores } from '../../stores/context';
import { LiveFigureStore } from './LiveFigureStore';

const texts = STRINGS.web.home;
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

function ListingRow() {
  return (
    <div className="example-listing">
      <span className="example-listing__photo">
        <Icon name="bike" size="lg" />
      </span>
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

export function AlertPreview() {
  return (
    <section className="alert-preview" aria-labelledby="alert-preview-title">
      <h2 className="alert-preview__title" id="alert-preview-title">
        {preview.title} <span className="alert-preview__example">{preview.example}</span>
      </h2>
      <div className="alert-preview__items">
        <figure className="example-mail" aria-label={preview.mailLabel}>
          <div className="example-mail__head">
            <Icon name="mail" size="sm" />
            <span>
              <strong>{preview.mailFrom}</strong>
              <span className="example-mail__subject">{preview.mailSubject}</span>
            </span>
          </div>
          <p className="example-mail__intro">{preview.mailIntro}</p>
          <ListingRow />
          <span className="example-mail__button">{preview.viewListing}</span>
        </figure>
        <figure className="example-telegram" aria-label={preview.telegramLabel}>
          <div className="example-telegram__head">
            <Icon name="send" size="sm" />
            <strong>{preview.telegramBot}</strong>
          </div>
          <div className="example-telegram__bubble">
            <span className="example-telegram__text">
              <Icon name="bell" size="sm" /> {preview.telegramText}
            </span>
            <ListingRow />
            <span className="example-telegram__time">{preview.telegramTime}</span>
          </div>
        </figure>
      </div>
    </section>
  );
}
