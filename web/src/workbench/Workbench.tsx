import { Shell } from '../ui/Shell';
import { useMessages } from '../i18n/i18n';
import { MESSAGES } from './messages';

export function Workbench() {
  const m = useMessages(MESSAGES);
  return (
    <Shell title={m.title}>
      <p>{m.intro}</p>
    </Shell>
  );
}
