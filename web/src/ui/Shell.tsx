import type { ComponentChildren } from 'preact';
import { COMMON } from '../i18n/common';
import { type Locale, LOCALES, useLocale, useMessages } from '../i18n/i18n';

/** Every page's frame: a skip link, the header (title, navigation, language), the main landmark. */
export function Shell({ title, nav, children }: { title: string; nav?: ComponentChildren; children: ComponentChildren }) {
  const common = useMessages(COMMON);
  return (
    <>
      <a class="skip-link" href="#main">
        {common.skipToContent}
      </a>
      <header class="shell-header">
        <h1 class="shell-title">{title}</h1>
        {nav ? <nav class="shell-nav">{nav}</nav> : null}
        <LanguageSwitch />
      </header>
      <main id="main" class="shell-main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

export function LanguageSwitch() {
  const common = useMessages(COMMON);
  const { locale, setLocale } = useLocale();
  const names: Record<Locale, string> = { fr: common.french, en: common.english };
  return (
    <label class="language-switch">
      <span>{common.language}</span>
      <select value={locale} onChange={(e) => setLocale(e.currentTarget.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {names[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
