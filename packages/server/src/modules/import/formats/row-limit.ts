import { payloadTooLarge } from '../../../http/errors.js';

/** 413 for a file of more rows than one import takes. */
export const tooManyRows = (rows: number, maxRows: number) =>
  payloadTooLarge(
    `The file has ${rows.toLocaleString('en')} rows; one import takes at most ${maxRows.toLocaleString('en')}: split it by date`,
  );
