import { formatDate, formatTime } from '../../../lib/display-format';

/** An ISO instant as the app shows one: "2026.11.21. 14:05" (spec §9). */
export const when = (iso: string) => `${formatDate(new Date(iso))} ${formatTime(new Date(iso))}`;
