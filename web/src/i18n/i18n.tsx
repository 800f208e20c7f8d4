/**
 * French and English for every page. A page's messages are one `defineMessages(en, fr)` value:
 * the French catalogue must have every key of the English one with the same shape (strings, or
 * functions of the same arguments), which typecheck enforces.
 */
import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useMemo, useState } from 'preact/hooks';

export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

type Message = string | ((...args: never[]) => string);
export type Messages<T extends Record<string, Message>> = { [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string };

export function defineMessages<T extends Record<string, Message>>(en: T, fr: Messages<T>): Record<Locale, Messages<T>> {
  return { en: en as unknown as Messages<T>, fr };
}

const PREFERENCE = 'svc.locale'; // the language chosen, not a credential: kept across tabs

function initialLocale(): Locale {
  try {
    const chosen = window.localStorage.getItem(PREFERENCE);
    if (chosen === 'fr' || chosen === 'en') return chosen;
  } catch {
    // storage refused: fall back to the browser's language
  }
  return navigator.language.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

interface LocaleState {
  locale: Locale;
  setLocale(locale: Locale): void;
}

const LocaleContext = createContext<LocaleState>({ locale: 'en', setLocale: () => undefined });

export function I18nProvider({ children }: { children: ComponentChildren }) {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  useEffect(() => {
    document.documentElement.lang = locale;
    try {
      window.localStorage.setItem(PREFERENCE, locale);
    } catch {
      // not kept: the choice holds for this page
    }
  }, [locale]);
  const value = useMemo(() => ({ locale, setLocale }), [locale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleState {
  return useContext(LocaleContext);
}

/** The page's messages in the current language. */
export function useMessages<T>(catalogue: Record<Locale, T>): T {
  return catalogue[useLocale().locale];
}

/** Numbers as the current language writes them (1 234 / 1,234). */
export function useNumberFormat(): (n: number, options?: Intl.NumberFormatOptions) => string {
  const { locale } = useLocale();
  return (n, options) => new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', options).format(n);
}
