import { STRINGS } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';

const texts = STRINGS.web.admin;

/** /admin (login and role ADMIN required): the admin dashboard comes next. */
export default function AdminScene() {
  return <Page title={texts.title} intro={texts.intro} width="wide" />;
}
