import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { WEB_TEXTS, resetPasswordRequestSchema } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { Form } from '../../components/form/Form';
import { SubmitButton, TextField } from '../../components/form/fields';
import { useStores } from '../../stores/context';
import { FormModel } from '../../stores/FormModel';

const texts = WEB_TEXTS.forgotPassword;

/** /forgot-password: asks for a reset link (the answer is the same whether the address exists). */
const ForgotPasswordScene = observer(function ForgotPasswordScene() {
  const { auth } = useStores();
  const [form] = useState(() => new FormModel({ email: '' }));
  const [sent, setSent] = useState<string | null>(null);

  if (sent) {
    return (
      <Page title={texts.sentTitle} width="narrow">
        <div className="notice notice--success" role="status">
          {sent}
        </div>
        <p>
          <Link to="/login">{WEB_TEXTS.login.backToLogin}</Link>
        </p>
      </Page>
    );
  }

  const submit = async () => {
    const answer = await form.submit(resetPasswordRequestSchema, ({ email }) =>
      auth.requestPasswordReset(email),
    );
    if (answer) setSent(answer.message);
  };

  return (
    <Page title={texts.title} intro={texts.intro} width="narrow">
      <div className="card">
        <Form model={form} label={texts.title} onSubmit={() => void submit()}>
          <TextField
            label={WEB_TEXTS.login.email}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={form.values.email}
            error={form.error('email')}
            onValueChange={(value) => form.set('email', value)}
          />
          <SubmitButton busy={form.isSubmitting}>{texts.submit}</SubmitButton>
        </Form>
      </div>
      <p className="form__switch">
        <Link to="/login">{WEB_TEXTS.login.backToLogin}</Link>
      </p>
    </Page>
  );
});

export default ForgotPasswordScene;
