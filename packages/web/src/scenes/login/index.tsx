import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import {
  PAGE_PATHS,
  PASSWORD_MIN_LENGTH,
  REDIRECT_QUERY,
  WEB_TEXTS,
  loginSchema,
  registerSchema,
  safeRedirectPath,
} from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { Form } from '../../components/form/Form';
import {
  CheckboxField,
  PasswordField,
  SubmitButton,
  TextField,
} from '../../components/form/fields';
import { useStores } from '../../stores/context';
import { FormModel } from '../../stores/FormModel';

const texts = WEB_TEXTS.login;

export type LoginMode = 'login' | 'register';

function newForm() {
  return new FormModel({
    email: '',
    password: '',
    rememberMe: false,
    firstName: '',
    lastName: '',
    newsletterOptIn: false,
  });
}

/** /login and /register: one screen, register mode on /register. */
const LoginScene = observer(function LoginScene({ mode }: { mode: LoginMode }) {
  const { auth } = useStores();
  const [params] = useSearchParams();
  const [form] = useState(newForm);
  const [registered, setRegistered] = useState<string | null>(null);
  const redirect = safeRedirectPath(params.get(REDIRECT_QUERY));
  const isRegister = mode === 'register';

  // Switching between /login and /register keeps what was typed but not the old messages.
  useEffect(() => {
    form.clearErrors();
    setRegistered(null);
  }, [form, mode]);

  if (auth.isLoggedIn && !registered) return <Navigate to={redirect} replace />;

  const otherModeQuery = params.toString() ? `?${params.toString()}` : '';

  if (registered) {
    return (
      <Page title={texts.checkEmailTitle} width="narrow">
        <div className="notice notice--success" role="status">
          {registered}
        </div>
        <p>
          <Link to={`/login${otherModeQuery}`}>{texts.backToLogin}</Link>
        </p>
      </Page>
    );
  }

  const submit = async () => {
    if (isRegister) {
      // The verification link leads back to where this page was asked to go (e.g. the checkout).
      const answer = await form.submit(registerSchema, (data) =>
        auth.register(params.has(REDIRECT_QUERY) ? { ...data, redirect } : data),
      );
      if (answer) setRegistered(answer.message);
    } else {
      // Success: the auth store is logged in, and the render above moves on to `redirect`.
      await form.submit(loginSchema, (data) => auth.login(data));
    }
  };

  const { values } = form;
  return (
    <Page
      title={isRegister ? texts.registerTitle : texts.loginTitle}
      intro={isRegister ? texts.registerIntro : texts.loginIntro}
      width="narrow"
    >
      <div className="card">
        <Form
          model={form}
          label={isRegister ? texts.registerTitle : texts.loginTitle}
          onSubmit={() => void submit()}
        >
          {isRegister && (
            <div className="form__row">
              <TextField
                label={texts.firstName}
                name="firstName"
                autoComplete="given-name"
                optional
                value={values.firstName}
                error={form.error('firstName')}
                onValueChange={(value) => form.set('firstName', value)}
              />
              <TextField
                label={texts.lastName}
                name="lastName"
                autoComplete="family-name"
                optional
                value={values.lastName}
                error={form.error('lastName')}
                onValueChange={(value) => form.set('lastName', value)}
              />
            </div>
          )}
          <TextField
            label={texts.email}
            name="email"
            type="email"
            autoComplete={isRegister ? 'email' : 'username'}
            inputMode="email"
            required
            value={values.email}
            error={form.error('email')}
            onValueChange={(value) => form.set('email', value)}
          />
          <PasswordField
            label={texts.password}
            name="password"
            autoComplete={isRegister ? 'new-password' : 'current-password'}
            required
            hint={isRegister ? texts.passwordHint(PASSWORD_MIN_LENGTH) : undefined}
            value={values.password}
            error={form.error('password')}
            onValueChange={(value) => form.set('password', value)}
          />
          {isRegister ? (
            <CheckboxField
              name="newsletterOptIn"
              label={texts.newsletter}
              checked={values.newsletterOptIn}
              onCheckedChange={(checked) => form.set('newsletterOptIn', checked)}
            />
          ) : (
            <div className="form__split">
              <CheckboxField
                name="rememberMe"
                label={texts.rememberMe}
                checked={values.rememberMe}
                onCheckedChange={(checked) => form.set('rememberMe', checked)}
              />
              <Link to="/forgot-password">{texts.forgotPassword}</Link>
            </div>
          )}
          {isRegister && (
            <p className="form__agreement">
              {texts.agreement.before}
              <Link to={PAGE_PATHS.terms}>{texts.agreement.terms}</Link>
              {texts.agreement.between}
              <Link to={PAGE_PATHS.privacy}>{texts.agreement.privacy}</Link>
              {texts.agreement.after}
            </p>
          )}
          <SubmitButton busy={form.isSubmitting}>
            {isRegister ? texts.submitRegister : texts.submitLogin}
          </SubmitButton>
        </Form>
      </div>
      <p className="form__switch">
        {isRegister ? texts.haveAccount : texts.noAccount}{' '}
        <Link to={`${isRegister ? '/login' : '/register'}${otherModeQuery}`}>
          {isRegister ? texts.toLogin : texts.toRegister}
        </Link>
      </p>
    </Page>
  );
});

export default LoginScene;
