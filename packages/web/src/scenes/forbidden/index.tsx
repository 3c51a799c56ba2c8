import { Link } from 'react-router-dom';
import { WEB_TEXTS } from '@prijsalarm/core';
import { ErrorPage } from '../../components/content/ErrorPage';

const texts = WEB_TEXTS.forbidden;

/** /forbidden: access denied. */
export default function ForbiddenScene() {
  return (
    <ErrorPage title={texts.title} text={texts.text}>
      <Link className="button button--primary" to="/">
        {texts.toHome}
      </Link>
      <Link className="button button--secondary" to="/login">
        {texts.toLogin}
      </Link>
    </ErrorPage>
  );
}
