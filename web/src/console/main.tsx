import { render } from 'preact';
import '../ui/styles.css';
import './console.css';
import { I18nProvider } from '../i18n/i18n';
import { Console } from './Console';

render(
  <I18nProvider>
    <Console />
  </I18nProvider>,
  document.getElementById('app')!,
);
