import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import {
  COMPANY,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  WEB_TEXTS,
  contactSchema,
} from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { Form } from '../../components/form/Form';
import { SubmitButton, TextAreaField, TextField } from '../../components/form/fields';
import { useStores } from '../../stores/context';
import { FormModel } from '../../stores/FormModel';

const texts = WEB_TEXTS.contact;

/** /contact: the contact form (POST /contact), prefilled for a signed-in user. */
const ContactScene = observer(function ContactScene() {
  const { auth, contact } = useStores();
  const [form] = useState(
    () =>
      new FormModel({
        name: auth.user?.name ?? '',
        email: auth.user?.email ?? '',
        subject: '',
        message: '',
      }),
  );
  const [sent, setSent] = useState<string | null>(null);

  const intro = (
    <>
      {texts.intro} {texts.mailUs}{' '}
      <a href={`mailto:${COMPANY.contactEmail}`}>{COMPANY.contactEmail}</a>.
    </>
  );

  if (sent) {
    return (
      <Page title={texts.sentTitle} width="narrow">
        <div className="notice notice--success" role="status">
          {sent}
        </div>
        <p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              form.reset({ subject: '', message: '' });
              setSent(null);
            }}
          >
            {texts.sendAnother}
          </button>
        </p>
      </Page>
    );
  }

  const submit = async () => {
    const answer = await form.submit(contactSchema, (data) => contact.send(data));
    if (answer) setSent(answer.message);
  };

  const { values } = form;
  return (
    <Page title={texts.title} intro={intro} width="narrow">
      <div className="card">
        <Form model={form} label={texts.title} onSubmit={() => void submit()}>
          <TextField
            label={texts.name}
            name="name"
            autoComplete="name"
            required
            value={values.name}
            error={form.error('name')}
            onValueChange={(value) => form.set('name', value)}
          />
          <TextField
            label={texts.email}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={values.email}
            error={form.error('email')}
            onValueChange={(value) => form.set('email', value)}
          />
          <TextField
            label={texts.subject}
            name="subject"
            required
            maxLength={CONTACT_SUBJECT_MAX_LENGTH}
            value={values.subject}
            error={form.error('subject')}
            onValueChange={(value) => form.set('subject', value)}
          />
          <TextAreaField
            label={texts.message}
            name="message"
            rows={7}
            required
            maxLength={CONTACT_MESSAGE_MAX_LENGTH}
            value={values.message}
            error={form.error('message')}
            onValueChange={(value) => form.set('message', value)}
          />
          <SubmitButton busy={form.isSubmitting}>{texts.submit}</SubmitButton>
        </Form>
      </div>
    </Page>
  );
});

export default ContactScene;
