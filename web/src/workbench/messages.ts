import { defineMessages } from '../i18n/i18n';

export const MESSAGES = defineMessages(
  {
    title: 'Catalogue workbench',
    intro: 'Verify a sale catalogue against the records: paste lines or drop a CSV or XLSX file.',
  },
  {
    title: 'Atelier du catalogue',
    intro: 'Vérifiez un catalogue de vente dans les registres : collez des lignes ou déposez un fichier CSV ou XLSX.',
  },
);
