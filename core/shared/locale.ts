/** Checks of the locale settings every area shares (an agent's language and hours, a workspace's time zone and locale). */

/** An IANA time zone that Intl knows. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A well-formed BCP 47 language tag that Intl knows how to canonicalise. */
export function isLanguageTag(value: string): boolean {
  if (!/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(value) || value.length > 35) return false;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}
