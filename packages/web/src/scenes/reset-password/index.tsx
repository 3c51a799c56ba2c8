import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH, WEB_TEXTS, resetPasswordConfirmSchema } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { Form } from '../../components/form/Form';
import { PasswordField, SubmitButton } from '../../components/form/fields';
import { useStores } from '../../stores/context';
import { FormModel } from '../../stores/FormModel';

const texts = WEB_TEXTS.resetPassword;

/** /reset-password/{token}: sets a new password with the link from the e-mail. */
const ResetPasswordScene = observer(function ResetPasswordScene() {
  const { auth } = useStores();
  const { token = '' } = useParams();
  const [form] = useState(() => new FormModel({ password: '' }));
  const [done, setDone] = useState<string | null>(null);

  if (done) {
    return (
      <Page title={texts.doneTitle} width="narrow">
        <div className="notice notice--success" role="status">
          {done}
        </div>
        <p>
          <Link className="button button--primary" to="/login">
            {texts.toLogin}
          </Link>
        </p>
      </Page>
    );
  }

  const submit = async () => {
    const answer = await form.submit(resetPasswordConfirmSchema, ({ password }) =>
      auth.resetPassword(token, password),
    );
    if (answer) setDone(answer.message);
  };

  return (
    <Page title={texts.title} intro={texts.intro} width="narrow">
      <div className="card">
        <Form model={form} label={texts.title} onSubmit={() => void submit()}>
          <PasswordField
            label={texts.newPassword}
            name="password"
            autoComplete="new-password"
            required
            hint={WEB_TEXTS.login.passwordHint(PASSWORD_MIN_LENGTH)}
            value={form.values.password}
            error={form.error('password')}
            onValueChange={(value) => form.set('password', value)}
          />
          <SubmitButton busy={form.isSubmitting}>{texts.submit}</SubmitButton>
        </Form>
      </div>
      {form.formError && (
        <p className="form__switch">
          <Link to="/forgot-password">{texts.requestNewLink}</Link>
        </p>
      )}
    </Page>
  );
});

export default ResetPasswordScene;
