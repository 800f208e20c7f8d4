import { defineMessages } from './i18n';

/** Messages every page shares (the shell, the language switch, problems). */
export const COMMON = defineMessages(
  {
    language: 'Language',
    skipToContent: 'Skip to content',
    french: 'Français',
    english: 'English',
    problem: 'The request failed',
    requestId: 'Request id',
    loading: 'Loading…',
    dismiss: 'Dismiss',
  },
  {
    language: 'Langue',
    skipToContent: 'Aller au contenu',
    french: 'Français',
    english: 'English',
    problem: 'La requête a échoué',
    requestId: 'Identifiant de requête',
    loading: 'Chargement…',
    dismiss: 'Fermer',
  },
);
