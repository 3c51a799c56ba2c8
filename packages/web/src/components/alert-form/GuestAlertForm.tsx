import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import {
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  CONFIRMATION_LINK_VALIDITY_HOURS,
  WEB_TEXTS,
} from '@prijsalarm/core';
import { Form } from '../form/Form';
import { TextField } from '../form/fields';
import { useStores } from '../../stores/context';
import { ErrorCard, SuccessCard } from './CreationResult';
import { GuestAlertFormStore } from './GuestAlertFormStore';
import { SearchLinkField } from './SearchLinkField';
import { LocationFields } from './fields/LocationFields';
import { PriceFields } from './fields/PriceFields';
import { SearchTermField } from './fields/SearchTermField';
import './alert-form.css';

const texts = ALERT_FORM_TEXTS;

interface GuestAlertFormProps {
  /** The card's heading level: h2 on the home page, h2 under a page's h1 elsewhere too. */
  heading?: boolean;
}

/**
 * The guest's alert form: search term, max price, postal code plus distance, e-mail and
 * 'Alert Aanmaken'; then the success card (confirm your e-mail, 24 h) or the error card.
 */
export const GuestAlertForm = observer(function GuestAlertForm({
  heading = true,
}: GuestAlertFormProps) {
  const root = useStores();
  const [store] = useState(() => new GuestAlertFormStore(root));
  const headingId = useId();
  useEffect(() => store.dispose, [store]);

  const { creation, form } = store;
  if (creation.phase === 'success') {
    return (
      <div className="alert-card">
        <SuccessCard
          creation={creation}
          successText={texts.result.guestSuccess(CONFIRMATION_LINK_VALIDITY_HOURS)}
        />
      </div>
    );
  }
  if (creation.phase === 'error') {
    return (
      <div className="alert-card">
        <ErrorCard creation={creation} onRetry={store.retry} />
      </div>
    );
  }

  const busy = creation.isSubmitting;
  return (
    <div className="card alert-card" onFocus={store.prepare}>
      {heading && (
        <>
          <h2 className="alert-card__title" id={headingId}>
            {texts.guest.heading}
          </h2>
          <p className="alert-card__intro">{texts.guest.intro}</p>
        </>
      )}
      <SearchLinkField link={store.link} />
      <Form model={store} label={texts.guest.formLabel} onSubmit={() => void store.submit()}>
        <SearchTermField model={store} />
        <PriceFields model={store} />
        <LocationFields model={store} />
        <TextField
          label={texts.fields.email}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          hint={texts.guest.emailHint}
          value={form.email}
          error={store.error('email')}
          onValueChange={store.setEmail}
        />
        <button
          type="submit"
          className="button button--primary button--large button--block"
          aria-disabled={busy || !store.canSubmit}
        >
          {busy ? WEB_TEXTS.form.busy : ALERT_FIELD_TEXTS.submit}
        </button>
        <p className="form__note">
          {texts.guest.confirmationNote(CONFIRMATION_LINK_VALIDITY_HOURS)}
        </p>
      </Form>
    </div>
  );
});

export default GuestAlertForm;
