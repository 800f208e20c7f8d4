import { render } from 'preact';
import '../ui/styles.css';
import './workbench.css';
import { I18nProvider } from '../i18n/i18n';
import { Workbench } from './Workbench';

render(
  <I18nProvider>
    <Workbench />
  </I18nProvider>,
  document.getElementById('app')!,
);
