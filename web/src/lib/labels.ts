import { CATEGORY_LABELS, CONTINENT_LABELS } from '@toron/engine';

/** Korean labels of the codes the server sends (docs/wire-contract.md#codes): the engine holds the tables. */
export const continentLabels: Readonly<Record<string, string>> = CONTINENT_LABELS;
export const categoryLabels: Readonly<Record<string, string>> = CATEGORY_LABELS;

/** The label of a code; an unknown code is shown as it is. */
export const labelOf = (table: Readonly<Record<string, string>>, code: string): string => table[code] ?? code;
